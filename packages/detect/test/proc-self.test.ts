// The pid clock's namespace check (docs/performance.md#what-changed-to-get-there): /proc/self is read
// once per process, not once per poll. node:fs is wrapped only to count calls; every call still reads.
import * as fs from "node:fs";
import { describe, expect, it, vi } from "vitest";

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return { ...real, readlinkSync: vi.fn(real.readlinkSync) };
});

const { createProcSource } = await import("../src/sources/proc.js");
const { readPidClock } = await import("../src/sources/proc-plan.js");

describe("the pid clock", () => {
  it("reads /proc/self once, however many polls and sources", async () => {
    const selfReads = () => vi.mocked(fs.readlinkSync).mock.calls.filter(([p]) => String(p) === "/proc/self").length;
    expect(readPidClock("/proc")).toMatchObject({ lastPid: expect.any(Number), forks: expect.any(Number) });
    const source = createProcSource();
    for (let i = 0; i < 3; i++) expect((await source.list()).some((p) => p.pid === process.pid)).toBe(true);
    await createProcSource().list();
    expect(readPidClock("/proc")).toBeDefined();
    expect(selfReads()).toBe(1);
  });
});
