import { createServer, type Server, type Socket } from "node:net";

/**
 * A real SMTP conversation with a minimal local server (node `net`): enough of RFC 5321 to take
 * one message — greeting, EHLO, MAIL FROM, RCPT TO, DATA, QUIT — or to refuse the next `refuse` ones
 * with a temporary failure (451), as a busy mail server does.
 */
export function smtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const state = { messages, refuse: 0 };
  const server: Server = createServer((socket: Socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test.local ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 OK queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 test.local");
        else if (verb === "MAIL" && state.refuse > 0) {
          state.refuse -= 1;
          reply("451 Try again later");
        } else if (verb === "MAIL") {
          current.from = line;
          reply("250 OK");
        } else if (verb === "RCPT") {
          current.to.push(line);
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else if (verb === "RSET" || verb === "NOOP") reply("250 OK");
        else reply("502 Command not implemented");
      }
    });
  });
  return Object.assign(state, { server });
}
