/**
 * One racing process for the login throttle test: imports the real login function (its
 * own module instances, its own process), waits for "go", sends its attempts all at once
 * against the Blobs server named in NETLIFY_BLOBS_CONTEXT, and reports the statuses.
 */
import login from '#functions/login.ts';

interface Order {
  username: string;
  passwords: string[];
  ip: string;
}

async function run(order: Order) {
  const requests = order.passwords.map(
    (password) =>
      new Request('http://localhost:8888/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:8888' },
        body: JSON.stringify({ username: order.username, password }),
      }),
  );
  const responses = await Promise.all(requests.map((request) => login(request, { ip: order.ip })));
  process.send!(
    responses.map((response) => response.status),
    () => process.exit(0),
  );
}
// A failed order rejects, and an unhandled rejection ends this child loudly: the race reports it.
process.once('message', (order: Order) => void run(order));
process.send!('ready');
