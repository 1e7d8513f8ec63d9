/**
 * Benchmark: a 100,000-row spreadsheet import and export of one resource (posts) on a server
 * process of its own, with the server's peak resident memory sampled through the probe while each
 * runs (the bound: under 200 MB more than idle). The import goes as the web sends it: a check in the
 * background, then "import the valid rows" of the checked file, each polled until done; the
 * export is the list's .xlsx streamed to nowhere. SQLite, or PostgreSQL when BENCH_DATABASE_URL
 * is set. Writes bench/results/spreadsheet.json.
 *
 *   npm run bench -- spreadsheet          ROWS=20000 npx tsx bench/spreadsheet.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { benchKind, database, machine } from './harness.js';
import { recordResult } from './record.js';
import { BASIC, signIn } from './routes.js';
import { bundleServer, MiB, PORTS, serverEnv, startServer, stopStarted } from './server-process.js';

const kind = benchKind();
const ROWS = Number(process.env.ROWS ?? 100_000);
/**
 * The bound on the server's memory for a 100,000-row import or export, taken as what the
 * work adds to the idle server's resident memory (the idle server alone holds some 160 MB).
 */
const BUDGET_MIB = 200;

/** A posts sheet as an operator would fill the template (streamed, never a whole workbook). */
async function postsFile(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = book.addWorksheet('岗位');
  sheet.addRow(['岗位类型', '岗位编号', '岗位名称', '排序']).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow(['高层', `bench-${i}`, `压测岗位 ${i}`, i % 1000]).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

interface Job {
  id: string;
  status: string;
  total: number | null;
  valid: number;
  imported: number;
  problemCount: number;
  problems: Array<{ row: number; message: string }>;
  error: string | null;
}

async function main(): Promise<void> {
  const bundle = await bundleServer();
  const db = await database(kind);
  const dir = mkdtempSync(join(tmpdir(), 'bench-sheet-'));
  try {
    const server = await startServer(bundle, PORTS.sheet, { ...serverEnv(dir, db.url), SEED_DEMO: 'false' });
    const token = await signIn(server.url);
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${token}` };
    const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
      const res = await fetch(`${server.url}/api/blade-log/data${path}`, {
        ...init,
        headers: { ...headers, ...init.headers },
      });
      const body = (await res.json()) as { data: T; msg?: string };
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${body.msg ?? ''}`);
      return body.data;
    };
    const until = async (job: Job): Promise<Job> => {
      for (let now = job; ; ) {
        if (now.status === 'failed') throw new Error(`import failed: ${now.error}`);
        if (now.status === 'done') return now;
        await new Promise((r) => setTimeout(r, 500));
        now = await api<Job>(`/import/job?resource=post&id=${now.id}`);
      }
    };
    const file = await postsFile(ROWS);
    const idleRssMiB = MiB((await server.memory(true)).rss);
    console.log('idle RSS MiB', idleRssMiB);

    const figures: Record<string, unknown> = {};
    /** Runs one phase, sampling the server's RSS every 100 ms for its peak. */
    const phase = async (name: string, work: () => Promise<unknown>) => {
      await server.memory(true);
      let peak = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, (await server.memory()).rss);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const started = performance.now();
      const result = await work();
      const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
      sampling = false;
      await sampler;
      const addedRssMiB = Number((MiB(peak) - idleRssMiB).toFixed(1));
      figures[name] = {
        seconds,
        peakRssMiB: MiB(peak),
        addedRssMiB,
        withinBudget: addedRssMiB < BUDGET_MIB,
        result,
      };
      console.log(name, figures[name]);
    };

    let checked: Job | undefined;
    await phase('check', async () => {
      const form = new FormData();
      form.append('file', new Blob([file]), 'posts.xlsx');
      const started = await api<{ job: Job }>('/import?resource=post&mode=check', {
        method: 'POST',
        body: form,
      });
      checked = await until(started.job);
      console.log('refused rows:', JSON.stringify(checked.problems.slice(0, 5)));
      return { total: checked.total, valid: checked.valid, problems: checked.problemCount };
    });
    await phase('import', async () => {
      const run = await api<Job>(`/import/run?resource=post&id=${checked!.id}`, { method: 'POST' });
      const done = await until(run);
      return { imported: done.imported, problems: done.problemCount };
    });
    await phase('export', async () => {
      const res = await fetch(`${server.url}/api/blade-log/data/export?resource=post`, { headers });
      if (!res.ok || !res.body) throw new Error(`export: HTTP ${res.status}`);
      let bytes = 0;
      for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
      return { rows: Number(res.headers.get('x-total-count')), megabytes: MiB(bytes) };
    });
    recordResult('spreadsheet', {
      machine: machine(),
      [kind]: { rows: ROWS, fileMiB: MiB(file.byteLength), budgetMiB: BUDGET_MIB, idleRssMiB, ...figures },
    });
  } finally {
    await stopStarted();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
