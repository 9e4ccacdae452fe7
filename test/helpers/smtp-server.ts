/**
 * A real SMTP server in the test process (the smtp-server package), on 127.0.0.1 on an ephemeral
 * port, with a login and without TLS (so its SMTP_URL opts out of TLS with `?tls=optional`); each message it takes is parsed with mailparser. It can
 * refuse the next recipients with the SMTP codes given, as a real server does when busy (4xx) or
 * when the address does not exist (5xx).
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  /** Who logged in to send it. */
  user: string | undefined;
  parsed: ParsedMail;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** SMTP codes to refuse the next recipients with, in order (e.g. 451, 550). */
  refusals: number[] = [];
  /** Logins tried (each sends the password over the connection). */
  logins = 0;
  port = 0;
  readonly #server: SMTPServer;

  constructor(readonly login = { user: 'marquee', password: 'smtp-pass-3b9f' }) {
    this.#server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (auth, _session, done) => {
        this.logins += 1;
        if (auth.username === login.user && auth.password === login.password)
          return done(null, { user: auth.username });
        return done(new Error('Invalid username or password'));
      },
      onRcptTo: (address, _session, done) => {
        const code = this.refusals.shift();
        if (code === undefined) return done();
        // Worded as Postfix does, naming the address.
        const words =
          code >= 500
            ? `<${address.address}>: Recipient address rejected: User unknown`
            : 'Busy, try again later';
        const refusal = new Error(words) as Error & {
          responseCode: number;
        };
        refusal.responseCode = code;
        return done(refusal);
      },
      onData: (stream, session, done) => {
        simpleParser(stream).then(
          (parsed) => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              user: typeof session.user === 'string' ? session.user : undefined,
              parsed,
            });
            done();
          },
          (error: Error) => done(error),
        );
      },
    });
  }

  /** Listens; the SMTP_URL to reach it with its login, over a connection without TLS. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return `smtp://${this.login.user}:${this.login.password}@127.0.0.1:${this.port}?tls=optional`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
