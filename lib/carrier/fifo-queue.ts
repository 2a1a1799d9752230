// The submit queue of the SMPP carrier: first in, first out, with the rare put-back at the front.

/** FIFO with O(1) shift and the rare put-back at the front. */
export class Queue<T> {
  private items: T[] = [];
  private head = 0;
  get length(): number {
    return this.items.length - this.head;
  }
  push(item: T): void {
    this.items.push(item);
  }
  peek(): T | undefined {
    return this.items[this.head];
  }
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.items[this.head++] = undefined as T;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
  unshiftAll(front: T[]): void {
    if (front.length === 0) return;
    this.items = [...front, ...this.items.slice(this.head)];
    this.head = 0;
  }
  drain(): T[] {
    const all = this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    return all;
  }
}
