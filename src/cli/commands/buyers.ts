import type { Command } from 'commander';
import { createLoginLink, linkWithCode, syncBuyer } from '../../core/app/buyers';
import { itemIdSchema } from '../../shared/domain/requests';
import { unwrap } from '../appResult';
import { withSession } from '../commandSession';
import type { CommandRunner } from '../runner';
import { CliInputError, ExitCode } from '../io';
import { defined } from '../options';

interface BuyerFlags {
  userNo: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

const buyerInput = (f: BuyerFlags) =>
  defined({ merchantUserNo: f.userNo, email: f.email, firstName: f.firstName, lastName: f.lastName });

/** Placeholder of the item in the link `buyers sync` prints (the sync has no item). */
export const ITEM_PLACEHOLDER = 'ITEM_ID';

/** The item ID checked before anything is sent: a bad one must not spend an authorization code. */
function checkedItemId(item: string): string {
  const parsed = itemIdSchema.safeParse(item);
  if (!parsed.success) throw new CliInputError(`Invalid --item "${item}": ${parsed.error.issues[0]!.message}.`);
  return parsed.data;
}

export function registerBuyers(program: Command, run: CommandRunner): void {
  program
    .command('buyers')
    .description('buyers of your own system on the platform')
    .command('sync')
    .description(
      'register or update a buyer; prints the platform user ID and a ready SSO link with the single-use authorization code',
    )
    .requiredOption('--user-no <S>', 'the buyer’s user number in your system')
    .requiredOption('--email <E>', 'the buyer’s e-mail')
    .option('--first-name <S>')
    .option('--last-name <S>')
    .action((flags: BuyerFlags) =>
      run(async (ctx) =>
        withSession(ctx, { platform: true }, async (session) => {
          const { io, json } = ctx;
          const { userId, authorizationCode } = unwrap(await syncBuyer(session, buyerInput(flags)));
          if (json) {
            // JSON carries the code as data; whoever builds a URL from it must encode it.
            io.stdout(JSON.stringify({ userId, authorizationCode }));
            return ExitCode.ok;
          }
          // The raw code may hold characters (+ / =) that break a URL pasted unencoded: print the link, encoded.
          const link = linkWithCode(session, ITEM_PLACEHOLDER, authorizationCode);
          io.stdout(
            `Buyer synced: platform user ID ${userId}.\nSSO link (single use, short-lived; put the item ID in place of ${ITEM_PLACEHOLDER}):\n${link}`,
          );
          return ExitCode.ok;
        }),
      ),
    );

  program
    .command('sso-link')
    .description(
      'a fresh single-use SSO link that signs the buyer in on a platform item page (prints only the URL; --json: {"url","userId"})',
    )
    .requiredOption('--user-no <S>', 'the buyer’s user number in your system')
    .requiredOption('--email <E>', 'the buyer’s e-mail')
    .requiredOption('--item <ITEM_ID>', 'the platform item (product) ID, a whole number')
    .action((flags: BuyerFlags & { item: string }) =>
      run(async (ctx) => {
        const item = checkedItemId(flags.item);
        const { url, userId } = unwrap(
          await withSession(ctx, { platform: true }, (s) => createLoginLink(s, buyerInput(flags), item)),
        );
        ctx.io.stdout(ctx.json ? JSON.stringify({ url, userId }) : url);
        return ExitCode.ok;
      }),
    );
}
