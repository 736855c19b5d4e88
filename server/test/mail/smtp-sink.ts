import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every mail it is given, parsed. */
export interface SmtpSink {
  port: number;
  mails: ParsedMail[];
  /** How many SMTP connections were opened to it so far. */
  connections(): number;
  /** Resolves once `count` mails have arrived (throws after `timeoutMs`). */
  waitForMails(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server (no TLS, no sign-in) on `port`, or any free one. `refuse` may answer a
 * recipient with an SMTP error code (450: not now, 550: never); `drop` may hang up on it instead,
 * without a word, as a server does with a message it chokes on.
 */
export async function startSmtpSink(
  port = 0,
  refuse: (recipient: string) => number | undefined = () => undefined,
  drop: (recipient: string) => boolean = () => false,
): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(address, session, callback) {
      if (drop(address.address)) {
        for (const connection of server.connections) if (connection.id === session.id) connection._socket.destroy();
        return;
      }
      const code = refuse(address.address);
      if (code === undefined) return callback();
      callback(Object.assign(new Error(`${code} mailbox refused for this test`), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    mails,
    connections: () => connections,
    async waitForMails(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (for now): one the system just gave out, closed again. */
export async function closedPort(): Promise<number> {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}

/** The addresses a parsed mail was sent to. */
export function recipientsOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((entry) => entry.address ?? ''));
}
