/**
 * A shared/exclusive gate per table: writes that keep CQL index entries in step with their data
 * (entries first, then data — two engine writes) pass the gate shared, TRUNCATE exclusive. Without
 * it a truncate of the data and then the index could fall between a write's entry and its data,
 * leaving data with no entry — a row an index query could never find. Per instance (the node's
 * SchemaKeeper holds the one its operations share), never module state; idle gates are forgotten.
 */
interface Gate {
  holders: number;
  /** Set while an exclusive holder waits or runs; settles when it is done. */
  closed: Promise<void> | null;
  drained: (() => void)[];
}

export class TableGates {
  private readonly gates = new Map<string, Gate>();

  /** Runs `fn` beside other shared holders of `id`, never beside an exclusive one. */
  async shared<T>(id: string, fn: () => Promise<T>): Promise<T> {
    let gate = this.gate(id);
    while (gate.closed !== null) {
      await gate.closed;
      gate = this.gate(id);
    }
    gate.holders++;
    try {
      return await fn();
    } finally {
      gate.holders--;
      if (gate.holders === 0) this.settle(id, gate);
    }
  }

  /** Runs `fn` once every holder of `id` is done, alone. */
  async exclusive<T>(id: string, fn: () => Promise<T>): Promise<T> {
    let gate = this.gate(id);
    while (gate.closed !== null) {
      await gate.closed;
      gate = this.gate(id);
    }
    let open!: () => void;
    gate.closed = new Promise((resolve) => (open = resolve));
    if (gate.holders > 0) await new Promise<void>((resolve) => gate.drained.push(resolve));
    try {
      return await fn();
    } finally {
      gate.closed = null;
      this.settle(id, gate);
      open();
    }
  }

  private gate(id: string): Gate {
    let g = this.gates.get(id);
    if (g === undefined) this.gates.set(id, (g = { holders: 0, closed: null, drained: [] }));
    return g;
  }

  private settle(id: string, gate: Gate): void {
    const waiting = gate.drained.splice(0);
    for (const w of waiting) w();
    if (gate.holders === 0 && gate.closed === null && this.gates.get(id) === gate) this.gates.delete(id);
  }
}
