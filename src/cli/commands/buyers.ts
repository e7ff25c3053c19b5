import type { Command } from 'commander';
import type { CommandRunner } from '../runner';
import { defined } from '../options';
import { ExitCode } from '../io';

interface BuyerFlags {
  userNo: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

const buyerInput = (f: BuyerFlags) =>
  defined({ merchantUserNo: f.userNo, email: f.email, firstName: f.firstName, lastName: f.lastName });

export function registerBuyers(program: Command, run: CommandRunner): void {
  program
    .command('buyers')
    .description('buyers of your own system on the platform')
    .command('sync')
    .description('register or update a buyer; returns the platform user ID and a single-use authorization code')
    .requiredOption('--user-no <S>', 'the buyer’s user number in your system')
    .requiredOption('--email <E>', 'the buyer’s e-mail')
    .option('--first-name <S>')
    .option('--last-name <S>')
    .action((flags: BuyerFlags) =>
      run(async ({ buyers, io, json }) => {
        const r = await buyers().syncBuyer(buyerInput(flags));
        if (!r.ok) return r;
        io.stdout(
          json
            ? JSON.stringify({ userId: r.value.userId, authorizationCode: r.value.authorizationCode })
            : `Buyer synced: platform user ID ${r.value.userId}.\nAuthorization code (single use, short-lived): ${r.value.authorizationCode}`,
        );
        return ExitCode.ok;
      }),
    );

  program
    .command('sso-link')
    .description('a fresh single-use SSO link that signs the buyer in on a platform item page (prints only the URL)')
    .requiredOption('--user-no <S>', 'the buyer’s user number in your system')
    .requiredOption('--email <E>', 'the buyer’s e-mail')
    .requiredOption('--item <ITEM_ID>', 'the platform item ID')
    .action((flags: BuyerFlags & { item: string }) =>
      run(async ({ buyers, io }) => {
        const r = await buyers().createSsoLink(buyerInput(flags), flags.item);
        if (!r.ok) return r;
        io.stdout(r.value.url);
        return ExitCode.ok;
      }),
    );
}
