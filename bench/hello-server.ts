// A bare Fastify hello-world: the baseline our API's figures are read against.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
process.stdout.write(`LISTENING ${port}\n`);
