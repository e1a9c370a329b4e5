/**
 * Starts the SMS sandbox provider (src/server/messages/sms/sandbox.ts) for development and demos.
 *   SMS_WEBHOOK_SECRET=whsec_… npm run sms:sandbox -- [--port 4650] [--portal http://127.0.0.1:3000]
 * Then start the portal with SMS_PROVIDER_URL=http://127.0.0.1:4650 and the same SMS_WEBHOOK_SECRET.
 * A reply from a phone: curl -X POST localhost:4650/sandbox/inbound -d '{"from":"+12125550100","body":"STOP"}'
 * What was sent: curl localhost:4650/v1/messages
 */
import { startSmsSandbox } from '../src/server/messages/sms/sandbox';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const secret = process.env.SMS_WEBHOOK_SECRET?.trim();
if (!secret) {
  console.error('SMS_WEBHOOK_SECRET must be set (whsec_ and base64, shared with the portal)');
  process.exit(1);
}
const sandbox = await startSmsSandbox({
  secret,
  port: Number(arg('port', '4650')),
  portalUrl: arg('portal', process.env.PORTAL_URL ?? 'http://127.0.0.1:3000'),
});
console.log(`SMS sandbox at ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
