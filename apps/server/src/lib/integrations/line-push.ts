import { AppError } from '../errors.ts';

export interface LinePushConfig {
  /** The Messaging API channel access token; null: LINE messages are not configured. */
  accessToken: string | null;
  /** https://api.line.me, or a stand-in. */
  baseUrl: string;
}

const TIMEOUT_MS = 10_000;

/** LINE answered, but not with a success: its status and its own words, for the caller to show. */
export class LineRefusal extends AppError {}

/**
 * Pushes a text message through the LINE Messaging API (POST /v2/bot/message/push). Answers LINE's
 * request id. LINE's refusals become clear errors of ours, never a 500: 4xx → 502 with LINE's message
 * and details, 429 → 429, 5xx or no answer → 502 "LINE is unavailable".
 */
export async function pushLineText(config: LinePushConfig, to: string, text: string): Promise<{ requestId: string | null }> {
  if (!config.accessToken) throw new LineRefusal(409, 'LINE messaging is not configured');
  let res: Response;
  try {
    res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/v2/bot/message/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to, messages: [{ type: 'text', text }] }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new LineRefusal(502, 'LINE is unavailable');
  }
  if (res.ok) return { requestId: res.headers.get('x-line-request-id') };
  const body = (await res.json().catch(() => null)) as { message?: string; details?: { message?: string; property?: string }[] } | null;
  const said = [body?.message, ...(body?.details ?? []).map((d) => [d.property, d.message].filter(Boolean).join(': '))]
    .filter(Boolean)
    .join('; ');
  if (res.status === 429) throw new LineRefusal(429, `LINE refused: ${said || 'too many messages'}`);
  if (res.status >= 500) throw new LineRefusal(502, 'LINE is unavailable');
  throw new LineRefusal(502, `LINE refused (${res.status}): ${said || 'no reason given'}`);
}
