/**
 * @module A local server answering as Telegram's Bot API does for the calls this deployment makes
 * (getMe, sendMessage), for the tests: the token in the path, JSON bodies, `{ok: true, result}` or
 * `{ok: false, error_code, description}` as Telegram words them.
 */
import { createServer } from 'node:http';
import { listenLocally, readRequestText } from '../local-double';

export interface LocalTelegramMessage {
  chatId: string;
  text: string;
}

export interface LocalTelegram {
  /** The base URL to give as TELEGRAM_API_BASE. */
  url: string;
  /** Every message sent, in order. */
  messages: LocalTelegramMessage[];
  close(): Promise<void>;
}

export async function startLocalTelegram(bot: { token: string; username: string }): Promise<LocalTelegram> {
  const messages: LocalTelegramMessage[] = [];
  let sent = 0;
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const fail = (code: number, description: string) =>
      answer(code, { ok: false, error_code: code, description });
    const raw = await readRequestText(req);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (!match || match[1] !== bot.token) return fail(401, 'Unauthorized');
    if (req.method !== 'POST' || !req.headers['content-type']?.startsWith('application/json'))
      return fail(400, 'Bad Request: expected a JSON POST');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return fail(400, "Bad Request: can't parse JSON");
    }
    if (match[2] === 'getMe')
      return answer(200, {
        ok: true,
        result: { id: 424242, is_bot: true, first_name: 'Doppel', username: bot.username },
      });
    if (match[2] !== 'sendMessage') return fail(404, 'Not Found');
    const chatId = body.chat_id;
    const text = body.text;
    if (typeof chatId !== 'string' && typeof chatId !== 'number')
      return fail(400, 'Bad Request: chat_id is empty');
    if (typeof text !== 'string' || text === '') return fail(400, 'Bad Request: message text is empty');
    if (text.length > 4096) return fail(400, 'Bad Request: message is too long');
    if (!/^-?\d+$/.test(String(chatId))) return fail(400, 'Bad Request: chat not found');
    messages.push({ chatId: String(chatId), text });
    answer(200, {
      ok: true,
      result: {
        message_id: ++sent,
        from: { id: 424242, is_bot: true, first_name: 'Doppel', username: bot.username },
        chat: { id: Number(chatId), type: 'private' },
        date: Math.floor(Date.now() / 1000),
        text,
      },
    });
  });
  return { ...(await listenLocally(server)), messages };
}
