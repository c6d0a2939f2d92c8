/**
 * Staff import benchmark: builds a 5,000-row roster with ExcelJS (zh-TW headers, ROC and Excel
 * dates, valid national ids, 1 % bad rows), then times the preview and the import through the real
 * routes (app.inject on a fresh app; SQLite by default, PostgreSQL with TEST_DB=postgres and TEST_DATABASE_URL), and
 * the longest event-loop stall meanwhile (ExcelJS runs in the import worker, not on the request
 * thread). Goal: 5,000 rows in under 10 s. Prints figures; asserts nothing.
 *
 *   npm run staff-import -w bench            (ROWS=5000 RUNS=3; TEST_DB=postgres TEST_DATABASE_URL=postgres://… for PostgreSQL)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { buildAdmin, buildOrganization, createTestApp, login, testDialect } from '../apps/server/test/helpers.ts';
import { uploadMultipart } from '../apps/server/test/multipart.ts';

const ROWS = Number(process.env.ROWS ?? 5000);
const RUNS = Number(process.env.RUNS ?? 3);
const BAD_EVERY = 100;

function nationalId(n: number): string {
  const body = `${n % 2 ? 1 : 2}${String(n).padStart(7, '0')}`;
  let sum = 1; // letter A = 10: 1 + 0 × 9
  for (let i = 0; i < 8; i++) sum += Number(body[i]) * (8 - i);
  return `A${body}${(10 - (sum % 10)) % 10}`;
}

async function buildRoster(offset: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('人員名冊');
  ws.addRow(['大安營造 人員名冊']);
  ws.addRow([
    '姓名',
    '身分證字號',
    '手機',
    '生日',
    '到職日',
    '性別',
    '血型',
    '職稱',
    '地址',
    '緊急聯絡人',
    '緊急聯絡電話',
    '電子郵件',
    '備註',
  ]);
  for (let i = 0; i < ROWS; i++) {
    const bad = i % BAD_EVERY === 7;
    ws.addRow([
      `員工${String(i).padStart(5, '0')}`,
      bad ? 'A123456788' : nationalId(offset + i),
      bad ? '0912' : `09${String(10_000_000 + i).slice(-8)}`,
      i % 2 ? `${70 + (i % 20)}/0${1 + (i % 9)}/1${i % 9}` : new Date(Date.UTC(1980 + (i % 20), i % 12, 1 + (i % 27))),
      `民國${100 + (i % 13)}年${1 + (i % 12)}月${1 + (i % 28)}日`,
      i % 2 ? '男' : '女',
      ['A', 'B', 'O', 'AB'][i % 4],
      '技術士',
      '台北市大安區復興南路一段 1 號',
      '家人',
      '0223456789',
      `s${offset + i}@example.com`,
      null,
    ]);
  }
  ws.getColumn(4).numFmt = 'yyyy/mm/dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

const t = await createTestApp();
try {
  const results: {
    build: number;
    preview: number;
    importMs: number;
    stallPreview: number;
    stallImport: number;
    imported: number;
    rejected: number;
    bytes: number;
  }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const org = await buildOrganization(t.db, { name: `Bench ${run}` });
    const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    let s = performance.now();
    const roster = await buildRoster(run * 100_000);
    const build = performance.now() - s;
    const file = { name: '人員名冊.xlsx', data: roster, type: XLSX };

    const h1 = monitorEventLoopDelay({ resolution: 10 });
    h1.enable();
    s = performance.now();
    const p = await uploadMultipart(t.app, token, '/api/admin/organization/staff/import/preview', {}, file);
    const preview = performance.now() - s;
    h1.disable();
    if (p.statusCode !== 200) throw new Error(`preview ${p.statusCode} ${p.body.slice(0, 300)}`);

    const h2 = monitorEventLoopDelay({ resolution: 10 });
    h2.enable();
    s = performance.now();
    const r = await uploadMultipart(
      t.app,
      token,
      '/api/admin/organization/staff/import',
      { mapping: JSON.stringify(p.json().mapping) },
      file,
    );
    const importMs = performance.now() - s;
    h2.disable();
    if (r.statusCode !== 200) throw new Error(`import ${r.statusCode} ${r.body.slice(0, 300)}`);
    const body = r.json();
    results.push({
      build,
      preview,
      importMs,
      stallPreview: h1.max / 1e6,
      stallImport: h2.max / 1e6,
      imported: body.imported_count,
      rejected: body.rejected_count,
      bytes: roster.length,
    });
  }
  console.log(`Staff import, ${ROWS} rows (${(results[0]!.bytes / 1024).toFixed(0)} KB roster), ${testDialect}, ${RUNS} runs`);
  console.log(
    'run   build roster     preview      import   total (preview + import)   longest stall (preview / import)   imported / rejected',
  );
  for (const [i, x] of results.entries())
    console.log(
      `${String(i + 1).padEnd(4)} ${ms(x.build)}   ${ms(x.preview)}   ${ms(x.importMs)}   ${ms(x.preview + x.importMs)}                  ${ms(x.stallPreview)} / ${ms(x.stallImport)}             ${x.imported} / ${x.rejected}`,
    );
  const best = (k: 'preview' | 'importMs') => Math.min(...results.map((x) => x[k]));
  console.log(
    `best: preview ${best('preview').toFixed(0)} ms, import ${best('importMs').toFixed(0)} ms (goal: under 10,000 ms for ${ROWS} rows)`,
  );
} finally {
  await t.close();
}
