import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/** scripts/check-queries.mjs (run by `npm run lint`): where queries may be written, and no import circles. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const script = join(repoRoot, 'scripts/check-queries.mjs');

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A repository tree of `files` (path -> text) to check. */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'query-check-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(dir: string) {
  const run = spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });
  return { code: run.status, out: run.stderr + run.stdout };
}

const QUERY = "export const rows = (db: any) => db.selectFrom('widgets').selectAll().execute();\n";
const SERVER = 'apps/server/src';

describe('query check', () => {
  it('passes queries in repositories, lib/context, db/ and plugins/, test code, and comments naming a query', () => {
    const dir = tree({
      [`${SERVER}/modules/widget/widget.repository.ts`]: QUERY,
      [`${SERVER}/lib/context/widget-reads.ts`]: QUERY,
      [`${SERVER}/lib/kit/widget-table.repository.ts`]: QUERY,
      [`${SERVER}/db/migrations/0001-widgets.ts`]: "export const up = (db: any) => db.insertInto('widgets');\n",
      [`${SERVER}/plugins/widgets.ts`]: 'export const f = (app: any) => app.db;\n',
      [`${SERVER}/modules/widget/widget.routes.test.ts`]: QUERY,
      [`${SERVER}/modules/widget/widget.test-helpers.ts`]: QUERY,
      [`${SERVER}/modules/widget/widget.service.ts`]: "// calls db.selectFrom('widgets') through the repository\nexport {};\n",
    });
    expect(check(dir)).toEqual({ code: 0, out: expect.stringContaining('check-queries: queries in repositories') });
  });

  it('refuses a query in a route file, saying where it belongs', () => {
    const dir = tree({
      [`${SERVER}/modules/widget/widget.routes.ts`]:
        "import { sql } from 'kysely';\nexport const r = (app: any) => app.db.selectFrom('widgets').where(sql`1 = 1`);\n",
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain(`${SERVER}/modules/widget/widget.routes.ts:2: 3 query site(s)`);
    expect(out).toContain('outside a repository; queries belong in a *.repository.ts (or lib/context, db/)');
  });

  it('refuses a query in the kit outside its repositories (lib/kit is no query home)', () => {
    const dir = tree({ [`${SERVER}/lib/kit/widget-table.ts`]: QUERY });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain(`${SERVER}/lib/kit/widget-table.ts:1: 1 query site(s)`);
  });

  it('refuses the database handle taken from the app by destructuring', () => {
    const dir = tree({
      [`${SERVER}/lib/sign-in/strategy.ts`]:
        'export const f = (app: any) => {\n  const { db, config } = app;\n  return [db, config];\n};\n',
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain(`${SERVER}/lib/sign-in/strategy.ts:2: 1 query site(s)`);
  });

  it('refuses a new file with a query (a service or a lib helper) that the baseline does not list', () => {
    const dir = tree({
      'scripts/query-baseline.json': JSON.stringify({ [`${SERVER}/lib/old.ts`]: 1 }),
      [`${SERVER}/lib/old.ts`]: QUERY,
      [`${SERVER}/lib/new-helper.ts`]: `\n${QUERY}`,
      [`${SERVER}/modules/widget/widget.service.ts`]:
        "export const f = (trx: any) => trx.with('w', (q: any) => q).updateTable('widgets');\n",
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain(`${SERVER}/lib/new-helper.ts:2: 1 query site(s) (.selectFrom() outside a repository`);
    expect(out).toContain(`${SERVER}/modules/widget/widget.service.ts:1: 2 query site(s)`);
    expect(out).not.toContain('lib/old.ts');
  });

  it('refuses more query sites than the baseline allows, and asks to lower it when there are fewer', () => {
    const dir = tree({
      'scripts/query-baseline.json': JSON.stringify({
        [`${SERVER}/lib/grown.ts`]: 1,
        [`${SERVER}/lib/shrunk.ts`]: 3,
        [`${SERVER}/lib/emptied.ts`]: 1,
        [`${SERVER}/lib/deleted.ts`]: 1,
      }),
      [`${SERVER}/lib/grown.ts`]: QUERY + QUERY.replace('rows', 'more'),
      [`${SERVER}/lib/shrunk.ts`]: QUERY,
      [`${SERVER}/lib/emptied.ts`]: 'export {};\n',
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain(`${SERVER}/lib/grown.ts:1: 2 query sites, the baseline allows 1`);
    expect(out).toContain(`${SERVER}/lib/shrunk.ts: 1 query sites: lower the baseline to 1 in scripts/query-baseline.json`);
    expect(out).toContain(`${SERVER}/lib/emptied.ts: no query sites left: remove it from scripts/query-baseline.json`);
    expect(out).toContain(`${SERVER}/lib/deleted.ts: no such file: remove it from scripts/query-baseline.json`);
  });

  it('refuses an import circle (type-only imports too) in the server or the web app, unless the circle baseline holds it', () => {
    const dir = tree({
      [`${SERVER}/lib/a.ts`]: "import { b } from './b.ts';\nexport const a = () => b;\n",
      [`${SERVER}/lib/b.ts`]: "import type { A } from './c.ts';\nexport const b: A = 1;\n",
      [`${SERVER}/lib/c.ts`]: "export type { X } from './a.ts';\nexport type A = number;\n",
      'apps/web/src/screen.tsx': "export const load = () => import('./screens.ts');\n",
      'apps/web/src/screens.ts': "import { load } from './screen.tsx';\nexport { load };\n",
      'apps/web/src/known/x.ts': "import './y.ts';\n",
      'apps/web/src/known/y.ts': "import './x.ts';\n",
      'scripts/circle-baseline.json': JSON.stringify([['apps/web/src/known/x.ts', 'apps/web/src/known/y.ts']]),
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain(
      `import circle: ${SERVER}/lib/a.ts -> ${SERVER}/lib/b.ts -> ${SERVER}/lib/c.ts -> ${SERVER}/lib/a.ts: move what both sides need into a module of its own`,
    );
    expect(out).toContain('import circle: apps/web/src/screen.tsx -> apps/web/src/screens.ts -> apps/web/src/screen.tsx');
    expect(out).not.toContain('known/');
  });

  it('asks to shrink the circle baseline once a listed circle is gone', () => {
    const dir = tree({
      'apps/web/src/known/x.ts': 'export {};\n',
      'apps/web/src/known/y.ts': "import './x.ts';\n",
      'scripts/circle-baseline.json': JSON.stringify([['apps/web/src/known/x.ts', 'apps/web/src/known/y.ts']]),
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain('import circle baseline entry [apps/web/src/known/x.ts, apps/web/src/known/y.ts] is gone or smaller');
  });

  it('refuses the Database type outside db/, lib/context/ and the app wiring; a ReadDb, a Trx or a comment pass', () => {
    const RAW = "import type { Database } from '../../db/database.ts';\nexport const f = (db: Database) => db;\n";
    const dir = tree({
      [`${SERVER}/modules/widget/widget.service.ts`]: RAW,
      [`${SERVER}/lib/context/holder.ts`]: RAW,
      [`${SERVER}/db/open.ts`]: "import type { Database } from './database.ts';\nexport let db: Database;\n",
      [`${SERVER}/app.ts`]: "import type { Database } from './db/database.ts';\nexport let db: Database;\n",
      [`${SERVER}/modules/widget/widget-reads.ts`]:
        "import type { ReadDb, Trx } from '../../db/database.ts';\n// not a Database: a read handle\nexport const g = (db: ReadDb, t: Trx) => [db, t];\n",
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain(`${SERVER}/modules/widget/widget.service.ts:1: the Database type outside db/ and lib/context/`);
    expect(out).not.toContain('holder.ts');
    expect(out).not.toContain('open.ts');
    expect(out).not.toContain(`${SERVER}/app.ts`);
    expect(out).not.toContain('widget-reads.ts');
  });

  it('refuses an import running back up the lib/ layers and a lib/ folder with no layer; imports down or across pass', () => {
    const dir = tree({
      [`${SERVER}/lib/kit/paging.ts`]: "import { queue } from '../mail/outbox.ts';\nexport const paging = queue;\n",
      [`${SERVER}/lib/mail/outbox.ts`]:
        "import type { Paging } from '../kit/table.ts';\nexport const queue = 1;\nexport type P = Paging;\n",
      [`${SERVER}/lib/kit/table.ts`]: 'export type Paging = number;\n',
      [`${SERVER}/lib/identity/proof.ts`]: "import { x } from '../oauth/flow.ts';\nexport const proof = x;\n",
      [`${SERVER}/lib/oauth/flow.ts`]: "import { errors } from '../errors.ts';\nexport const x = errors;\n",
      [`${SERVER}/lib/errors.ts`]: 'export const errors = 1;\n',
      [`${SERVER}/lib/gadgets/gadget.ts`]: 'export const gadget = 1;\n',
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain(
      `${SERVER}/lib/mail/outbox.ts: imports ../kit/table.ts: lib/kit is a layer above lib/mail (an arrow running back up); move the shared piece down`,
    );
    expect(out).toContain(`${SERVER}/lib/gadgets/gadget.ts: lib/gadgets has no layer`);
    expect(out).not.toContain('paging.ts');
    expect(out).not.toContain('proof.ts');
    expect(out).not.toContain('flow.ts');
  });

  it('passes on this repository as it is (its baselines list exactly what is left)', () => {
    expect(check(repoRoot)).toEqual({ code: 0, out: expect.stringContaining('no new import circles') });
  });
});
