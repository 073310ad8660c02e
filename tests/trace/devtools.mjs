// devtools.mjs - opens a warpscope trace with the trace engine of Chrome's
// DevTools Performance panel (the npm package @paulirish/trace_engine,
// installed by `scripts/deps.sh --ci`) and checks what it made of it:
//   node tests/trace/devtools.mjs ENGINE_DIR TRACE.json [TRACK]...
// - the engine parses the file as a generic trace, without warnings;
// - every process of the file is there, with its name;
// - every track (thread) that has complete slices in the file has all of
//   them as entries in the engine's model, in one tree (nothing dropped
//   or misnested);
// - every flow of the file (one "s" each) is a flow of the engine's,
//   joining at least two events;
// - each TRACK named on the command line is a thread with entries (a name
//   followed by " (" counts: lanes are "L1D misses (2)").
// Prints one line; exit 0 when everything holds, 1 otherwise.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [engineDir, file, ...want] = process.argv.slice(2);
if (!engineDir || !file) {
  console.error('usage: node devtools.mjs ENGINE_DIR TRACE.json [TRACK]...');
  process.exit(2);
}
// The engine runs in browsers; in Node it needs a DOMRect.
globalThis.DOMRect ??= class DOMRect {
  constructor(x = 0, y = 0, width = 0, height = 0) {
    Object.assign(this, { x, y, width, height });
  }
};
const Trace = await import(pathToFileURL(path.join(engineDir, 'models/trace/trace.js')));
const json = JSON.parse(fs.readFileSync(file, 'utf8'));
const model = Trace.TraceModel.Model.createWithAllHandlers();
await model.parse(json.traceEvents);
const data = model.parsedTrace(0).data;

const problems = [];
const slices = new Map();      // tid -> complete slices in the file
const procs = new Map();       // pid -> process_name
let flowStarts = 0;
for (const e of json.traceEvents) {
  if (e.ph === 'X') slices.set(e.tid, (slices.get(e.tid) ?? 0) + 1);
  if (e.ph === 's') flowStarts++;
  if (e.ph === 'M' && e.name === 'process_name') procs.set(e.pid, e.args.name);
}
if (!data.Meta.traceIsGeneric) problems.push('not read as a generic trace');
const warnings = Object.keys(data.Warnings.perWarning ?? {});
if (warnings.length) problems.push(`warnings: ${warnings.join(', ')}`);
for (const [pid, name] of procs) {
  const got = data.Meta.processNames.get(pid)?.args?.name;
  if (got !== name) problems.push(`process ${pid}: '${got}', expected '${name}'`);
}
const threads = new Map();     // name -> entries
let tracks = 0;
for (const [, p] of data.Renderer.processes) {
  for (const [tid, t] of p.threads) {
    tracks++;
    threads.set(t.name, (threads.get(t.name) ?? 0) + t.entries.length);
    const want = slices.get(tid) ?? 0;
    if (t.entries.length !== want)
      problems.push(`track '${t.name}': ${t.entries.length} entries, the file has ${want} slices`);
    let inTree = 0;
    const count = (n) => { inTree++; for (const c of n.children ?? []) count(c); };
    for (const r of t.tree?.roots ?? []) count(r);
    if (t.tree && inTree !== t.entries.length)
      problems.push(`track '${t.name}': ${inTree} of ${t.entries.length} entries in its tree`);
  }
}
for (const [tid, n] of slices)
  if (![...data.Renderer.processes.values()].some(p => p.threads.has(tid)))
    problems.push(`track ${tid} with ${n} slices is missing`);
const flows = data.Flows.flows;
if (flows.length !== flowStarts)
  problems.push(`${flows.length} flows, the file starts ${flowStarts}`);
for (const name of want) {
  const n = [...threads].filter(([k]) => k === name || k.startsWith(name + ' ('))
                        .reduce((s, [, v]) => s + v, 0);
  if (!n) problems.push(`no entries on a track named '${name}'`);
}
console.log(`devtools: ${file}: ${procs.size} processes, ${tracks} tracks, ` +
            `${[...threads.values()].reduce((a, b) => a + b, 0)} entries, ` +
            `${flows.length} flows: ${problems.length ? 'FAILED' : 'ok'}`);
for (const p of problems.slice(0, 20)) console.log(`devtools: ${p}`);
process.exit(problems.length ? 1 : 0);
