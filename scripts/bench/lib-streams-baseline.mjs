// The baseline: a bare node:http SSE server answering POST with TOKENS token events written
// back to back, then a final message event: what streaming costs with no framework, no
// database and no brain.
import { createServer } from 'node:http';

const tokens = Number(process.env.TOKENS ?? 40);

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    JSON.parse(body || '{}');
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    let text = '';
    for (let i = 0; i < tokens; i++) {
      const token = `token${i} `;
      text += token;
      res.write(`data: ${JSON.stringify({ type: 'token', token })}\n\n`);
    }
    const message = { id: 'baseline', text, sender: 'CLONE', hasSources: false };
    res.end(`data: ${JSON.stringify({ type: 'message', message })}\n\n`);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: server.address().port });
});
