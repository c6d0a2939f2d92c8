/**
 * The company bench's printout (issue 40): per database one row per request with p50/p99 and the load
 * average at each size, the goal met or missed at full size, and whether the p99 grows faster than the
 * logarithm of the route's main table; then the export and import timings. Results are kept per engine in
 * bench/.company/results-<engine>.json, so a rerun of one size reuses the others.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Figure, Timing } from './measure.ts';
import type { BenchRequest, Kind, Skipped } from './routes.ts';

export const RESULTS_DIR = resolve(import.meta.dirname, '../.company');
/** p99 at full size: lists and details (and the gate's verdict, issue 39); keyword searches. */
export const GOALS: Partial<Record<Kind, number>> = { list: 50, detail: 50, verdict: 50, search: 100 };
/** A p99 ratio this many times the log ratio, and a full-size p99 above FLOOR_MS, "grows faster than log n". */
const MARGIN = 1.5;
const FLOOR_MS = 5;

export interface SizeResult {
  at: string;
  seconds: number;
  counts: Record<string, number>;
  requests: Pick<BenchRequest, 'key' | 'route' | 'variant' | 'kind' | 'table' | 'as'>[];
  figures: Figure[];
  timings: Timing[];
  skipped: Skipped[];
  screens?: unknown;
}

export interface EngineResults {
  engine: string;
  sizes: Record<string, SizeResult>;
}

const fileOf = (engine: string) => join(RESULTS_DIR, `results-${engine}.json`);

export function loadResults(engine: string): EngineResults {
  const file = fileOf(engine);
  if (!existsSync(file)) return { engine, sizes: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as EngineResults;
}

export function saveResults(results: EngineResults): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(fileOf(results.engine), `${JSON.stringify(results, null, 1)}\n`);
}

const SIZE_LABEL = (scale: number) => (scale === 1 ? 'full' : `1/${Math.round(1 / scale)}`);
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

export interface Verdicts {
  missed: string[];
  fasterThanLog: string[];
}

/** Prints one engine's table and returns the rows that missed a goal or grow faster than log n. */
export function printEngine(results: EngineResults, log: (line: string) => void): Verdicts {
  const scales = Object.keys(results.sizes)
    .map(Number)
    .sort((a, b) => a - b);
  const verdicts: Verdicts = { missed: [], fasterThanLog: [] };
  if (!scales.length) {
    log(`${results.engine}: no results`);
    return verdicts;
  }
  const largest = results.sizes[String(scales[scales.length - 1])]!;
  const smallest = results.sizes[String(scales[0])]!;
  const keys = new Map<string, SizeResult['requests'][number]>();
  for (const s of [...scales].reverse()) for (const r of results.sizes[String(s)]!.requests) if (!keys.has(r.key)) keys.set(r.key, r);

  log(`\n=== ${results.engine}: 10 connections, p50 / p99 in ms (load average 1 min) per size ===`);
  for (const s of scales) {
    const r = results.sizes[String(s)]!;
    const c = Object.entries(r.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    log(`  ${SIZE_LABEL(s).padEnd(5)} measured ${r.at}, ${r.seconds} s per run; rows: ${c}`);
  }
  const width = 92;
  log(
    `\n${'request'.padEnd(width)} ${scales.map((s) => SIZE_LABEL(s).padStart(22)).join('')}   goal at full          growth (p99 vs log n)`,
  );
  for (const [key, req] of keys) {
    const cells: string[] = [];
    const figs = scales.map((s) => results.sizes[String(s)]!.figures.find((f) => f.key === key));
    for (const f of figs) {
      if (!f) cells.push('—'.padStart(22));
      else if (f.failed) cells.push((f.failed.startsWith('no answer') ? 'no answer' : `error ${f.failed.slice(0, 3)}`).padStart(22));
      else cells.push(`${fmt(f.p50)}/${fmt(f.p99)} (${f.load.toFixed(1)})${f.errors ? '!' : ''}`.padStart(22));
    }
    const goal = GOALS[req.kind];
    const full = results.sizes['1']?.figures.find((f) => f.key === key);
    let goalText = '';
    if (goal !== undefined) {
      if (!full || full.failed) {
        goalText = `p99 <= ${goal}: ${full ? 'MISSED' : 'no full size'}`;
        if (full) verdicts.missed.push(`${key}: ${full.failed}`);
      } else {
        const met = full.p99 <= goal && !full.errors;
        goalText = `p99 <= ${goal}: ${met ? 'met' : 'MISSED'}`;
        if (!met) verdicts.missed.push(`${key}: p99 ${fmt(full.p99)} ms (goal ${goal})${full.errors ? `, ${full.errors} errors` : ''}`);
      }
    }
    const growth = growthOf(req.table, figs[0], figs[figs.length - 1], smallest.counts, largest.counts, scales.length > 1);
    if (growth.faster) verdicts.fasterThanLog.push(`${key}: ${growth.text}`);
    log(`${key.slice(0, width).padEnd(width)} ${cells.join('')}   ${goalText.padEnd(21)} ${growth.text}`);
  }
  const failed = largest.figures.filter((f) => f.failed);
  if (failed.length) {
    log(`\nchecked calls that failed at ${SIZE_LABEL(scales[scales.length - 1]!)} (not measured):`);
    for (const f of failed) log(`  ${f.key}: ${f.failed}`);
  }
  if (largest.skipped.length) {
    log(`\nnot asked at ${SIZE_LABEL(scales[scales.length - 1]!)} (${largest.skipped.length}):`);
    for (const s of largest.skipped) log(`  ${s.route}: ${s.reason}`);
  }
  log('\nstaff export and import (10,000 rows) through the API:');
  for (const s of scales) {
    for (const t of results.sizes[String(s)]!.timings)
      log(
        `  ${SIZE_LABEL(s).padEnd(5)} ${t.name.padEnd(28)} ${t.ms === null ? 'failed'.padStart(9) : `${t.ms.toFixed(0).padStart(6)} ms`}  ${String(t.rows).padStart(6)} rows  load ${t.load.toFixed(2)}${t.note ? `  ${t.note}` : ''}`,
      );
  }
  for (const s of scales) {
    const screens = results.sizes[String(s)]!.screens;
    if (screens !== undefined) log(`\nscreens at ${SIZE_LABEL(s)} (Chromium):\n${JSON.stringify(screens, null, 1)}`);
  }
  return verdicts;
}

/** p99(large)/p99(small) against log(n large)/log(n small) of the route's main table. */
function growthOf(
  table: string | undefined,
  small: Figure | undefined,
  large: Figure | undefined,
  smallCounts: Record<string, number>,
  largeCounts: Record<string, number>,
  twoSizes: boolean,
): { text: string; faster: boolean } {
  if (!twoSizes) return { text: '', faster: false };
  if (!table) return { text: 'no main table', faster: false };
  const n0 = smallCounts[table];
  const n1 = largeCounts[table];
  if (!small || !large || small.failed || large.failed || !n0 || !n1) return { text: `${table}: —`, faster: false };
  if (n1 <= n0) return { text: `${table} ${n0}→${n1}: the table did not grow`, faster: false };
  const logRatio = Math.log(Math.max(n1, 2)) / Math.log(Math.max(n0, 2));
  const p99Ratio = large.p99 / Math.max(small.p99, 0.01);
  const faster = p99Ratio > MARGIN * logRatio && large.p99 > FLOOR_MS;
  return {
    text: `${table} ${n0}→${n1}: p99 ×${p99Ratio.toFixed(1)} vs log ×${logRatio.toFixed(2)}${faster ? ' FASTER than log n' : ''}`,
    faster,
  };
}

export function printVerdicts(engine: string, v: Verdicts, log: (line: string) => void): void {
  log(`\n${engine}: goals missed at full size (${v.missed.length}):`);
  for (const m of v.missed) log(`  ${m}`);
  log(`${engine}: p99 growing faster than the log of its table (${v.fasterThanLog.length}, margin ×${MARGIN}, p99 > ${FLOOR_MS} ms):`);
  for (const m of v.fasterThanLog) log(`  ${m}`);
}
