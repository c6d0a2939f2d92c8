import type { AuditTarget } from '../context/audit-targets.ts';
import type { CurrentView } from '../context/version-check.ts';

/**
 * Who may read a record of a target, and how it is found in the caller's reach (issue 36): what
 * `GET /api/admin/record-versions/:target_type/:target_id` checks before it says a record's version.
 * The kit adds its resources' single reads; hand-written forms add their own.
 */
export interface RecordReader {
  target: AuditTarget;
  /** Any one of them lets the caller read the record (`can`). */
  roles: readonly string[];
  /** The record in the caller's reach, or undefined. */
  find: CurrentView;
}

export class RecordReaders {
  private readonly byTarget = new Map<string, RecordReader[]>();

  add(reader: RecordReader): void {
    const list = this.byTarget.get(reader.target) ?? [];
    list.push(reader);
    this.byTarget.set(reader.target, list);
  }

  of(target: string): readonly RecordReader[] {
    return this.byTarget.get(target) ?? [];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    recordReaders: RecordReaders;
  }
}
