#!/usr/bin/env node
// A local stand-in for a paid LLM provider, speaking the OpenAI chat-completions streaming
// protocol exactly (chat.completion.chunk events, role delta first, finish_reason, [DONE]).
// It answers slowly — one word every TOKEN_MS — so a browser test can press Stop mid-answer.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 3111);
const tokenMs = Number(process.env.TOKEN_MS ?? 150);
const answer =
  'Let me walk you through it slowly. I always start with the basics [1] and build from there, ' +
  'one small step at a time, checking my work as I go and adjusting when something feels off. ' +
  'Patience matters more than any tool [2], and most mistakes can be fixed the next day.';

createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    return;
  }
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error', code: null } }));
    return;
  }
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const { model = 'fake' } = JSON.parse(body || '{}');
    const id = `chatcmpl-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta, finish = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk({ role: 'assistant', content: '' }));
    const words = answer.split(/(?<= )/);
    let i = 0;
    const timer = setInterval(() => {
      if (i < words.length) {
        res.write(chunk({ content: words[i++] }));
        return;
      }
      clearInterval(timer);
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    }, tokenMs);
    res.on('close', () => clearInterval(timer));
  });
}).listen(port, '127.0.0.1', () => console.log(`fake LLM on http://127.0.0.1:${port}/v1`));
