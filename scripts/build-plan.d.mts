// Types for scripts/build-plan.mjs (plain JavaScript, run by Node without a build), for its test.
export interface Part {
  name: string;
  label: string;
  output: string;
  inputs: string[];
}
export interface Decision {
  build: boolean;
  reason: string;
}
export const ROOT: string;
export const PARTS: Part[];
export function fingerprint(root: string, inputs: string[]): string;
export function decide(facts: { outputExists: boolean; built: string | null; current: string; force?: boolean }): Decision;
export function readStamp(root: string, name: string): string | null;
export function writeStamp(root: string, name: string, value: string): void;
export function planBuild(opts?: { root?: string; parts?: Part[]; force?: boolean }): Array<Decision & { part: Part; current: string }>;
