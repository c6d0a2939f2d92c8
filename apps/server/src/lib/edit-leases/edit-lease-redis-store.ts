import { Redis } from 'ioredis';
import { EDIT_LEASE_TTL_MS } from '@bo/shared/schemas/edit-leases';
import {
  expiryOf,
  type EditLeaseStore,
  type LeaseHolder,
  type LeaseTarget,
  type SavedRecord,
  type StoredLease,
} from './edit-lease-store.ts';

/*
 * One hash per record, `el:<target_type>:<target_id>`, a field per admin holding the lease as JSON.
 * Each change is one Lua script, so a heartbeat and a take-over on another instance never interleave.
 * A lease is active while its expires_at (the app's clock) is after now; the hash's own TTL only
 * clears records nobody touches any more.
 */
const HEARTBEAT = `
local cur = redis.call('HGET', KEYS[1], ARGV[1])
local renewed = false
if cur then
  local l = cjson.decode(cur)
  if l.expires_at > ARGV[3] then
    if l.taken_over == cjson.null or l.taken_over == nil then
      l.expires_at = ARGV[4]
      redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(l))
    end
    renewed = true
  end
end
if not renewed then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return redis.call('HVALS', KEYS[1])
`;

const TAKE_OVER = `
local from = {}
local mine = nil
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local l = cjson.decode(fields[i + 1])
  if l.expires_at > ARGV[3] then
    if fields[i] == ARGV[1] then
      mine = l
    elseif l.taken_over == cjson.null or l.taken_over == nil then
      l.taken_over = cjson.decode(ARGV[2])
      redis.call('HSET', KEYS[1], fields[i], cjson.encode(l))
      table.insert(from, cjson.encode(l.admin))
    end
  end
end
if mine and (mine.taken_over == cjson.null or mine.taken_over == nil) then
  mine.expires_at = ARGV[5]
  redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(mine))
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[4])
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return from
`;

const BACKSTOP_MS = String(2 * EDIT_LEASE_TTL_MS);

export class RedisEditLeaseStore implements EditLeaseStore {
  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** `prefix`: the keys' (tests run apart in one Redis). */
  static async open(url: string, prefix = 'el:'): Promise<RedisEditLeaseStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    await redis.connect();
    return new RedisEditLeaseStore(redis, prefix);
  }

  private keyOf(targetType: string, targetId: string): string {
    return `${this.prefix}${targetType}:${targetId}`;
  }

  private fresh(targetId: string, holder: LeaseHolder, now: Date): StoredLease {
    return { target_id: targetId, admin: holder, since: now.toISOString(), expires_at: expiryOf(now), taken_over: null };
  }

  private alive(values: string[], nowIso: string): StoredLease[] {
    return values
      .map((v) => JSON.parse(v) as StoredLease)
      .filter((l) => l.expires_at > nowIso)
      .map((l) => ({ ...l, taken_over: l.taken_over ?? null }))
      .sort((a, b) => a.since.localeCompare(b.since));
  }

  async heartbeat(_ctx: unknown, target: LeaseTarget, holder: LeaseHolder, now: Date): Promise<StoredLease[]> {
    const nowIso = now.toISOString();
    const fresh = JSON.stringify(this.fresh(target.targetId, holder, now));
    const values = (await this.redis.eval(
      HEARTBEAT,
      1,
      this.keyOf(target.targetType, target.targetId),
      String(holder.id),
      fresh,
      nowIso,
      expiryOf(now),
      BACKSTOP_MS,
    )) as string[];
    return this.alive(values, nowIso);
  }

  async takeOver(_ctx: unknown, target: LeaseTarget, holder: LeaseHolder, now: Date): Promise<LeaseHolder[]> {
    const nowIso = now.toISOString();
    const from = (await this.redis.eval(
      TAKE_OVER,
      1,
      this.keyOf(target.targetType, target.targetId),
      String(holder.id),
      JSON.stringify({ by: holder, at: nowIso }),
      nowIso,
      JSON.stringify(this.fresh(target.targetId, holder, now)),
      expiryOf(now),
      BACKSTOP_MS,
    )) as string[];
    return from.map((a) => JSON.parse(a) as LeaseHolder);
  }

  async end(_ctx: unknown, target: LeaseTarget, adminId: number): Promise<void> {
    await this.redis.hdel(this.keyOf(target.targetType, target.targetId), String(adminId));
  }

  async active(_ctx: unknown, targetType: string, ids: readonly string[], now: Date): Promise<StoredLease[]> {
    if (!ids.length) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hvals(this.keyOf(targetType, id));
    const answers = (await pipeline.exec()) ?? [];
    const nowIso = now.toISOString();
    return answers.flatMap(([err, values]) => (err ? [] : this.alive(values as string[], nowIso))).filter((l) => !l.taken_over);
  }

  async endSaved(_ctx: unknown, saved: readonly SavedRecord[]): Promise<void> {
    if (!saved.length) return;
    const pipeline = this.redis.pipeline();
    for (const s of saved) pipeline.hdel(this.keyOf(s.target_type, s.target_id), String(s.admin_id));
    // A save never fails for a lease: while Redis is away the lease ends by itself within its TTL.
    await pipeline.exec().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
