/**
 * The queue of search renders (server/render-queue.mjs): at most N at
 * once, the rest in arrival order, a full queue refused, a request whose
 * client left while waiting never rendered, and no turn kept by a client:
 * a turn ends when the render settles, the response or its connection
 * closes, or at the time limit.
 */
import { EventEmitter } from "node:events";
import { createRenderQueue } from "@/server/render-queue.mjs";

class FakeSocket extends EventEmitter {
  destroyed = false;
  close() {
    this.destroyed = true;
    this.emit("close");
  }
}

/** A request, its response and its connection; the response closes only when told. */
function visit() {
  const socket = new FakeSocket();
  const req = { destroyed: false, socket };
  const res = Object.assign(new EventEmitter(), { destroyed: false, writableEnded: false, closed: false });
  return {
    req,
    res,
    socket,
    answer() {
      res.writableEnded = true;
      res.closed = true;
      res.emit("close");
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));
const never = () => new Promise<void>(() => {});

describe("search renders", () => {
  it("renders at most N at once, the others in arrival order as turns end", async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 10 });
    const rendered: number[] = [];
    const visits = Array.from({ length: 5 }, visit);
    visits.forEach((v, i) => expect(queue.enqueue(v.req, v.res, () => (rendered.push(i), never()))).toBe(true));
    await tick();
    expect({ rendered, active: queue.active, waiting: queue.waiting }).toEqual({ rendered: [0, 1], active: 2, waiting: 3 });
    visits[1].answer();
    await tick();
    expect(rendered).toEqual([0, 1, 2]);
    visits[0].answer();
    visits[2].answer();
    await tick();
    expect(rendered).toEqual([0, 1, 2, 3, 4]);
  });

  it("tells whether a render enqueued now would wait for its turn (with no turns at all, always)", async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 10 });
    expect(queue.wouldWait()).toBe(false);
    const [a, b] = [visit(), visit()];
    queue.enqueue(a.req, a.res, never);
    expect(queue.wouldWait()).toBe(false);
    queue.enqueue(b.req, b.res, never);
    expect(queue.wouldWait()).toBe(true);
    await tick();
    a.answer();
    await tick();
    expect(queue.wouldWait()).toBe(false);
    expect(createRenderQueue({ concurrency: 0 }).wouldWait()).toBe(true);
  });

  it("refuses a request once the waiting list is full, and takes one again when it has room", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 2 });
    const visits = Array.from({ length: 4 }, visit);
    const accepted = visits.map((v) => queue.enqueue(v.req, v.res, never));
    await tick();
    expect(accepted).toEqual([true, true, true, false]);
    visits[0].answer();
    await tick();
    const another = visit();
    expect(queue.enqueue(another.req, another.res, never)).toBe(true);
  });

  it("never renders a request whose client left while it waited", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 10 });
    const rendered: string[] = [];
    const [first, gone, next] = [visit(), visit(), visit()];
    queue.enqueue(first.req, first.res, () => (rendered.push("first"), never()));
    queue.enqueue(gone.req, gone.res, () => (rendered.push("gone"), never()));
    queue.enqueue(next.req, next.res, () => (rendered.push("next"), never()));
    await tick();
    gone.socket.close();
    first.answer();
    await tick();
    await tick();
    expect(rendered).toEqual(["first", "next"]);
  });

  it("ends a turn when the render settles, though its response never closes (a response pipelined behind another)", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 10 });
    const rendered: string[] = [];
    const [pipelined, next] = [visit(), visit()];
    queue.enqueue(pipelined.req, pipelined.res, async () => void rendered.push("pipelined"));
    queue.enqueue(next.req, next.res, () => (rendered.push("next"), never()));
    await tick();
    await tick();
    expect(rendered).toEqual(["pipelined", "next"]);
  });

  it("ends a turn when the connection closes, though neither the render nor the response ever ends", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 10 });
    const rendered: string[] = [];
    const [stuck, next] = [visit(), visit()];
    queue.enqueue(stuck.req, stuck.res, () => (rendered.push("stuck"), never()));
    queue.enqueue(next.req, next.res, () => (rendered.push("next"), never()));
    await tick();
    expect(rendered).toEqual(["stuck"]);
    stuck.socket.close();
    await tick();
    expect(rendered).toEqual(["stuck", "next"]);
  });

  it("ends a turn at the time limit when nothing else ends it (a client that stops reading)", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 10, maxTurnMs: 30 });
    const rendered: string[] = [];
    const [slow, next] = [visit(), visit()];
    queue.enqueue(slow.req, slow.res, () => (rendered.push("slow"), never()));
    queue.enqueue(next.req, next.res, () => (rendered.push("next"), never()));
    await tick();
    expect(rendered).toEqual(["slow"]);
    await new Promise((r) => setTimeout(r, 60));
    expect(rendered).toEqual(["slow", "next"]);
  });
});
