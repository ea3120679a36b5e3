// Sleep prevention: hold one `prevent-app-suspension` blocker while the policy says so (the display may
// still sleep; the agents keep working).
export interface PowerSaveBlockerLike {
  start(type: "prevent-app-suspension" | "prevent-display-sleep"): number;
  stop(id: number): boolean;
}

export function setupSleepBlocker(blocker: PowerSaveBlockerLike): (hold: boolean) => void {
  let id: number | undefined;
  return (hold) => {
    if (hold && id === undefined) id = blocker.start("prevent-app-suspension");
    else if (!hold && id !== undefined) {
      blocker.stop(id);
      id = undefined;
    }
  };
}
