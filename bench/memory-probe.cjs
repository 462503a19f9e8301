/**
 * Preloaded into the measured server by bench/memory.bench.mjs (`node --require`): on SIGUSR2 it writes the
 * process's own view of its memory to MEMORY_PROBE_FILE: process.memoryUsage() and the byte length of every live
 * WebAssembly memory (PGlite's Postgres runs in one), which /proc cannot tell apart from other anonymous memory.
 * Not part of the product; nothing else happens in the process.
 */
const fs = require('node:fs');

const memories = new Set();
const track = (memory) => {
  if (memory instanceof WebAssembly.Memory) memories.add(new WeakRef(memory));
};
const trackExports = (instance) => {
  for (const value of Object.values(instance?.exports ?? {})) track(value);
};
const RealMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(RealMemory, {
  construct(target, args, newTarget) {
    const memory = Reflect.construct(target, args, newTarget === WebAssembly.Memory ? target : newTarget);
    track(memory);
    return memory;
  },
});
const realInstantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function instantiate(...args) {
  const result = await realInstantiate.apply(this, args);
  trackExports(result instanceof WebAssembly.Instance ? result : result.instance);
  return result;
};
const RealInstance = WebAssembly.Instance;
WebAssembly.Instance = new Proxy(RealInstance, {
  construct(target, args, newTarget) {
    const instance = Reflect.construct(target, args, newTarget === WebAssembly.Instance ? target : newTarget);
    trackExports(instance);
    return instance;
  },
});

process.on('SIGUSR2', () => {
  let wasmBytes = 0;
  let wasmCount = 0;
  for (const ref of memories) {
    const memory = ref.deref();
    if (!memory) {
      memories.delete(ref);
      continue;
    }
    wasmCount++;
    wasmBytes += memory.buffer.byteLength;
  }
  fs.writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify({ ...process.memoryUsage(), wasmBytes, wasmCount }));
});
