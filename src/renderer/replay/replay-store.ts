import { create } from 'zustand';

/** Replay of one run: the step shown (undefined: the run as it is now, growing if live) and playback. */
export interface ReplayState {
  runId: string | undefined;
  /** Seq of the last event shown, 1 … lastSeq − 1; undefined shows every event (the live run). */
  step: number | undefined;
  playing: boolean;
  /** Steps per second while playing. */
  speed: number;
  /** Shows `runId`; keeps the step when it is the run already shown and no step is given. */
  openRun(runId: string | undefined, step?: number): void;
  /** Goes to a step (pausing playback); past the end means the run as it is now. */
  goTo(step: number | undefined, lastSeq: number): void;
  stepBy(delta: number, lastSeq: number): void;
  play(lastSeq: number): void;
  pause(): void;
  /** One step of playback; reaching the end stops it. */
  tick(lastSeq: number): void;
  setSpeed(speed: number): void;
}

/** Playback speeds offered, in steps per second. */
export const SPEEDS = [1, 2, 4, 8, 16] as const;

/** The step a request comes to: at least 1, and none (the whole run) from the last event on. */
function clamp(step: number | undefined, lastSeq: number): number | undefined {
  if (step === undefined || step >= lastSeq) return undefined;
  return Math.max(1, Math.floor(step));
}

export function createReplayStore() {
  return create<ReplayState>()((set, get) => ({
    runId: undefined,
    step: undefined,
    playing: false,
    speed: 2,
    openRun(runId, step) {
      if (runId === get().runId && step === undefined) return;
      set({ runId, step: step !== undefined && step >= 1 ? Math.floor(step) : undefined, playing: false });
    },
    goTo(step, lastSeq) {
      set({ step: clamp(step, lastSeq), playing: false });
    },
    stepBy(delta, lastSeq) {
      set({ step: clamp((get().step ?? lastSeq) + delta, lastSeq), playing: false });
    },
    play(lastSeq) {
      if (lastSeq <= 1) return;
      set({ step: get().step ?? 1, playing: true });
    },
    pause() {
      set({ playing: false });
    },
    tick(lastSeq) {
      const { playing, step } = get();
      if (!playing) return;
      const next = clamp((step ?? lastSeq) + 1, lastSeq);
      set({ step: next, playing: next !== undefined });
    },
    setSpeed(speed) {
      set({ speed });
    },
  }));
}

/** The window's one replay state. */
export const useReplay = createReplayStore();

/** The replay step for `runId`: none when the replay is about another run. */
export function useReplayStep(runId: string | undefined): number | undefined {
  return useReplay((state) => (runId !== undefined && state.runId === runId ? state.step : undefined));
}
