/**
 * One node's process on a shared SimEnv, so a simulation can kill it as a power loss kills a
 * process: the node sees the shared timers, network, randomness and files through this handle
 * (with its own wall clock, skewed by `skewMs`), and `kill()` cancels every timer it set, closes
 * its listeners, destroys its sockets and fails every later file call with EIO. Nothing of the
 * dead process runs or touches the disk afterwards, so the next `IliumNode.start` on the same
 * directory and address is the restarted process. The caller drops unsynced data itself
 * (`MemoryFileSystem.crashPath` of the node's directory).
 */
import type { Env, NetServer, NetSocket, Network, SimEnv, TimerHandle, Timers } from '../../src/env/index.js';

export interface SimProcess {
  readonly env: Env;
  /** Resolves when the process is killed: what a client connected to it would notice. */
  readonly died: Promise<void>;
  kill(): void;
}

const NEVER: TimerHandle = { cancel: () => undefined };

export function simProcess(shared: SimEnv, skewMs = 0): SimProcess {
  let dead = false;
  let announceDeath: () => void = () => undefined;
  const died = new Promise<void>((resolve) => (announceDeath = resolve));
  const timers = new Set<TimerHandle>();
  const servers = new Set<NetServer>();
  const sockets = new Set<NetSocket>();
  const once = (set: (fn: () => void) => TimerHandle, fn: () => void): TimerHandle => {
    if (dead) return NEVER;
    const h: TimerHandle = set(() => {
      timers.delete(h);
      if (!dead) fn();
    });
    timers.add(h);
    return h;
  };
  const own: Timers = {
    setTimeout: (fn, delayMs) => once((f) => shared.timers.setTimeout(f, delayMs), fn),
    setImmediate: (fn) => once((f) => shared.timers.setImmediate(f), fn),
    setInterval: (fn, periodMs) => {
      if (dead) return NEVER;
      const h = shared.timers.setInterval(() => {
        if (!dead) fn();
      }, periodMs);
      timers.add(h);
      return { cancel: () => (timers.delete(h), h.cancel()) };
    },
  };
  const track = (s: NetSocket): NetSocket => {
    if (dead) s.destroy();
    else sockets.add(s);
    return s;
  };
  const net: Network = {
    listen: async (options, onConnection) => {
      if (dead) throw deadError();
      const server = await shared.net.listen(options, (s) => {
        if (!dead) onConnection(track(s));
        else s.destroy();
      });
      servers.add(server);
      return server;
    },
    connect: async (address) => {
      if (dead) throw deadError();
      return track(await shared.net.connect(address));
    },
    serveHttp: (options, handle) => shared.net.serveHttp(options, handle),
  };
  const fs = new Proxy(shared.fs, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (dead) throw Object.assign(deadError(), { code: 'EIO' });
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const clock = skewMs === 0 ? shared.clock : shared.clock.skewed(skewMs);
  return {
    env: { clock, timers: own, random: shared.random, fs, net, processes: shared.processes },
    died,
    kill: () => {
      dead = true;
      announceDeath();
      for (const h of timers) h.cancel();
      timers.clear();
      for (const s of servers) void s.close();
      servers.clear();
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
  };
}

function deadError(): Error {
  return new Error('EIO: the process is dead');
}
