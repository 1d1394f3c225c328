#!/usr/bin/env node
// The offline Firestore: @firestore-emulator/server (a gRPC server speaking Firestore v1) seeded
// from fixtures/firestore/ before it listens, so a client never sees an empty database.
// firebase-tools' own Firestore emulator needs Java 21 and a download, hence this stand-in.
//
//   node scripts/firestore-emulator.mjs        (make dev / make test start it for you)
//
// Environment:
//   FIRESTORE_PORT       port to listen on (default 8085)
//   FIRESTORE_HOST       address to bind (default 127.0.0.1)
//   FIREBASE_PROJECT_ID  project the seed is written to (default demo-union-benefits); clients
//                        must use the same id, the emulator keeps one database per project
//   FIRESTORE_SEED_DIR   seed directory (default fixtures/firestore next to this script)
//
// Clients connect with FIRESTORE_EMULATOR_HOST=127.0.0.1:8085. Seed format: one JSON file per
// top-level collection, <collection>.json = { "<docId>": { ...fields } }; a key with slashes
// ("event1/users/u1") names a document in a subcollection. Strings, booleans, null, integers,
// other numbers (doubles), arrays and objects (maps) map to the Firestore types of the same name;
// { "$timestamp": "<RFC 3339>" } is a timestamp, { "$daysAgo": 30 } one that many days before the
// emulator started. Writes made while it runs live in memory only.
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { Write } from "@firestore-emulator/proto/dist/google/firestore/v1/write.js";
import { FirestoreServer } from "@firestore-emulator/server";

const here = path.dirname(fileURLToPath(import.meta.url));

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(`usage: node scripts/firestore-emulator.mjs

Firestore emulator for offline development, seeded from fixtures/firestore/.
Listens on 127.0.0.1:8085 (gRPC); clients set FIRESTORE_EMULATOR_HOST=127.0.0.1:8085.

environment:
  FIRESTORE_PORT       port (default 8085)
  FIRESTORE_HOST       bind address (default 127.0.0.1)
  FIREBASE_PROJECT_ID  project the seed is written to (default demo-union-benefits)
  FIRESTORE_SEED_DIR   seed directory (default fixtures/firestore)`);
  process.exit(0);
}
const port = Number(process.env.FIRESTORE_PORT || 8085);
const host = process.env.FIRESTORE_HOST || "127.0.0.1";
const project = process.env.FIREBASE_PROJECT_ID || "demo-union-benefits";
const seedDir = process.env.FIRESTORE_SEED_DIR || path.join(here, "..", "fixtures", "firestore");

function toValue(v, where) {
  if (v === null) return { null_value: 0 };
  if (typeof v === "string") return { string_value: v };
  if (typeof v === "boolean") return { boolean_value: v };
  if (typeof v === "number") {
    return Number.isInteger(v) ? { integer_value: v } : { double_value: v };
  }
  if (Array.isArray(v)) {
    return { array_value: { values: v.map((x, i) => toValue(x, `${where}[${i}]`)) } };
  }
  if (typeof v === "object") {
    if ("$daysAgo" in v) {
      // Relative to the start, for seed data that must stay recent (a case "within the past year").
      if (typeof v.$daysAgo !== "number") throw new Error(`${where}: $daysAgo must be a number`);
      const ms = Date.now() - v.$daysAgo * 86400e3;
      return { timestamp_value: { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 } };
    }
    if ("$timestamp" in v) {
      const ms = Date.parse(v.$timestamp);
      if (Number.isNaN(ms)) throw new Error(`${where}: "${v.$timestamp}" is not an RFC 3339 time`);
      return { timestamp_value: { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 } };
    }
    return { map_value: { fields: toFields(v, where) } };
  }
  throw new Error(`${where}: cannot store a ${typeof v}`);
}

function toFields(obj, where) {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, toValue(v, `${where}.${k}`)]));
}

// seed writes through the emulator's own write path (the one Commit uses), before it listens.
async function seed(server) {
  const root = `projects/${project}/databases/(default)/documents`;
  const files = (await readdir(seedDir)).filter((f) => f.endsWith(".json")).sort();
  let count = 0;
  for (const file of files) {
    const collection = file.slice(0, -".json".length);
    const docs = JSON.parse(await readFile(path.join(seedDir, file), "utf8"));
    for (const [id, fields] of Object.entries(docs)) {
      const where = `${file}: ${id}`;
      const write = Write.fromObject({
        update: { name: `${root}/${collection}/${id}`, fields: toFields(fields, where) },
      });
      server.state.writeV1Document(new Date(), write);
      count++;
    }
  }
  return { count, files: files.length };
}

// listen binds the loopback address only: the library's start() binds every interface, which a
// writable, unauthenticated dev database should not. Its gRPC server is not public API, so fall
// back to start() should a new version move it.
function listen(server) {
  const grpcServer = server.server;
  if (!grpcServer || typeof grpcServer.bindAsync !== "function") return server.start(port);
  // The credentials must come from the very copy of grpc-js the server package uses.
  const requireFromServer = createRequire(createRequire(import.meta.url).resolve("@firestore-emulator/server"));
  const { ServerCredentials } = requireFromServer("@grpc/grpc-js");
  return new Promise((resolve, reject) => {
    grpcServer.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (err) =>
      err ? reject(err) : resolve(),
    );
  });
}

async function main() {
  const server = new FirestoreServer();
  const { count, files } = await seed(server);
  try {
    await listen(server);
  } catch (err) {
    throw new Error(`cannot listen on ${host}:${port} (${err.message}); is another emulator running?`);
  }
  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    server.stop();
    console.log(`firestore emulator stopped (${signal})`);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  console.log(`seeded ${count} documents from ${files} files in ${path.relative(process.cwd(), seedDir) || "."} (project ${project})`);
  console.log(`firestore emulator ready on ${host}:${port}`);
}

main().catch((err) => {
  console.error(`firestore emulator: ${err.message}`);
  process.exit(1);
});
