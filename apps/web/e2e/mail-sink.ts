import { createServer, type Socket } from "node:net";

export type SunkMail = { to: string[]; data: string };

/**
 * A message's text as its reader sees it: quoted-printable soft line breaks joined and escapes
 * decoded. Read raw, a long link can be broken across two lines (`=` and a line break inside it).
 */
export const readableText = (data: string) =>
  data
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * A mail server for browser tests: enough of SMTP (RFC 5321) to take messages and keep them, so a
 * spec can read the mail the app sends (an invitation link) as the person receiving it would.
 */
export async function startMailSink() {
  const messages: SunkMail[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = "";
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink.local ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          messages.push({ to, data: buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          reply("250 OK queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "RCPT") to.push(line);
        if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else if (["EHLO", "HELO", "MAIL", "RCPT", "RSET", "NOOP"].includes(verb)) reply("250 OK");
        else reply("502 Command not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("mail sink has no port");
  return {
    port: address.port,
    messages,
    /**
     * The body of the latest mail to `email`, quoted-printable decoded; with `containing`, the
     * latest of those whose body has that text (the server also mails on its own: reminders).
     */
    latestTo(email: string, containing?: string): string | undefined {
      return messages
        .filter((m) => m.to.some((line) => line.includes(email)))
        .map((m) => readableText(m.data))
        .filter((body) => containing === undefined || body.includes(containing))
        .at(-1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
