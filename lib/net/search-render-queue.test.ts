/**
 * The queue of on-demand search renders (lib/net/search-render-queue.mjs):
 * at most N at once, the rest in arrival order, a full queue refused, and a
 * request whose client left while waiting never rendered.
 */
import { EventEmitter } from "node:events";
import { createRenderQueue } from "@/lib/net/search-render-queue.mjs";

class FakeResponse extends EventEmitter {
  destroyed = false;
  writableEnded = false;
  closed = false;

  /** The render answered: the response closes. */
  answer() {
    this.writableEnded = true;
    this.closed = true;
    this.emit("close");
  }
  /** The client left. */
  abandon() {
    this.destroyed = true;
    this.closed = true;
    this.emit("close");
  }
}

const tick = () => new Promise((r) => setImmediate(r));

describe("on-demand search renders", () => {
  it("renders at most N at once, the others in arrival order as slots free up", async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 10 });
    const rendered: number[] = [];
    const responses = Array.from({ length: 5 }, () => new FakeResponse());
    responses.forEach((res, i) => expect(queue.enqueue(res, () => rendered.push(i))).toBe(true));
    await tick();
    expect({ rendered, active: queue.active, waiting: queue.waiting }).toEqual({ rendered: [0, 1], active: 2, waiting: 3 });
    responses[1].answer();
    await tick();
    expect(rendered).toEqual([0, 1, 2]);
    responses[0].answer();
    responses[2].answer();
    await tick();
    expect(rendered).toEqual([0, 1, 2, 3, 4]);
  });

  it("refuses a request once the waiting list is full, and takes one again when it has room", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 2 });
    const responses = Array.from({ length: 4 }, () => new FakeResponse());
    const accepted = responses.map((res) => queue.enqueue(res, () => {}));
    await tick();
    expect(accepted).toEqual([true, true, true, false]);
    responses[0].answer();
    await tick();
    expect(queue.enqueue(new FakeResponse(), () => {})).toBe(true);
  });

  it("never renders a request whose client left while it waited", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 10 });
    const rendered: string[] = [];
    const [first, gone, next] = [new FakeResponse(), new FakeResponse(), new FakeResponse()];
    queue.enqueue(first, () => rendered.push("first"));
    queue.enqueue(gone, () => rendered.push("gone"));
    queue.enqueue(next, () => rendered.push("next"));
    await tick();
    gone.abandon();
    first.answer();
    await tick();
    await tick();
    expect(rendered).toEqual(["first", "next"]);
  });
});
