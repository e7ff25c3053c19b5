import type { Command } from 'commander';
import { testProfileConnection } from '../../core/app/connection';
import { createAxiosTransport } from '../../core/http/axiosTransport';
import { unwrap } from '../appResult';
import { CLI_CREDENTIAL_HINTS, profileConfig } from '../context';
import { ExitCode } from '../io';
import type { CommandRunner } from '../runner';

export function registerTestConnection(program: Command, run: CommandRunner): void {
  program
    .command('test-connection')
    .description(
      'check a profile: an order-list call with page size 1 (the token) and a signature self-check (the key); each result names the action to take',
    )
    .action(() =>
      run(async (ctx) => {
        const profile = ctx.profile();
        const report = unwrap(
          await testProfileConnection(
            { ...ctx.services(), transport: () => createAxiosTransport() },
            { profileId: profile.id, config: profileConfig(profile, ctx.options), hints: CLI_CREDENTIAL_HINTS },
          ),
        );
        if (ctx.json) ctx.io.stdout(JSON.stringify({ profile: profile.id, ...report }));
        else {
          const lines = [`Testing profile ${profile.id} (${profile.name}):`];
          for (const c of report.checks) {
            lines.push(`${c.status === 'ok' ? '✓' : '✗'} ${c.title}: ${c.detail}`);
            if (c.action) lines.push(`    → ${c.action}`);
          }
          lines.push(report.ok ? 'All checks passed.' : 'Some checks failed: see the actions above.');
          ctx.io.stdout(lines.join('\n'));
        }
        return report.ok ? ExitCode.ok : ExitCode.other;
      }),
    );
}
