import './replay.css';
import { useEffect } from 'react';
import type { HermesEvent } from '../../shared/events';
import { replayKeyAction } from './replay-keys';
import { SPEEDS, useReplay } from './replay-store';

/** Props of the replay bar: the run replayed and its events so far. */
export interface ReplayBarProps {
  runId: string;
  events: readonly HermesEvent[];
}

/**
 * Step-by-step replay of a run: a timeline, step buttons, play/pause with a speed, and ←/→, Home/End
 * anywhere in the window except where those keys edit text. Opening a run here makes it the one the
 * replay state is about.
 */
export function ReplayBar({ runId, events }: ReplayBarProps) {
  const lastSeq = events[events.length - 1]?.seq ?? 0;
  const replayedRun = useReplay((state) => state.runId);
  const step = useReplay((state) => (state.runId === runId ? state.step : undefined));
  const playing = useReplay((state) => state.playing && state.runId === runId);
  const speed = useReplay((state) => state.speed);
  const { openRun, goTo, stepBy, play, pause, tick, setSpeed } = useReplay.getState();
  const shown = Math.min(step ?? lastSeq, lastSeq);
  const current = events[shown - 1];

  useEffect(() => {
    openRun(runId);
  }, [openRun, runId]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => tick(lastSeq), 1_000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, lastSeq, tick]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || replayedRun !== runId) return;
      const action = replayKeyAction(
        event.key,
        event,
        event.target instanceof HTMLElement ? event.target : null,
      );
      if (!action) return;
      event.preventDefault();
      if (action === 'back') stepBy(-1, lastSeq);
      else if (action === 'forward') stepBy(1, lastSeq);
      else if (action === 'first') goTo(1, lastSeq);
      else goTo(undefined, lastSeq);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [replayedRun, runId, lastSeq, stepBy, goTo]);

  const disabled = lastSeq <= 1;
  return (
    <div className="replay-bar" role="toolbar" aria-label="Replay">
      <button type="button" onClick={() => stepBy(-1, lastSeq)} disabled={disabled || shown <= 1}>
        Step back
      </button>
      <button type="button" onClick={() => (playing ? pause() : play(lastSeq))} disabled={disabled}>
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => stepBy(1, lastSeq)} disabled={disabled || step === undefined}>
        Step forward
      </button>
      <input
        type="range"
        aria-label="Timeline"
        min={1}
        max={Math.max(1, lastSeq)}
        value={Math.max(1, shown)}
        aria-valuetext={describe(shown, lastSeq, current)}
        disabled={disabled}
        onChange={(event) => goTo(Number(event.currentTarget.value), lastSeq)}
      />
      <label className="replay-speed">
        Speed
        <select value={speed} onChange={(event) => setSpeed(Number(event.currentTarget.value))}>
          {SPEEDS.map((value) => (
            <option key={value} value={value}>
              {value} steps/s
            </option>
          ))}
        </select>
      </label>
      <output className="replay-position" aria-live="polite">
        {describe(shown, lastSeq, current)}
        {step === undefined ? ' (latest)' : ''}
      </output>
    </div>
  );
}

function describe(shown: number, lastSeq: number, event: HermesEvent | undefined): string {
  if (lastSeq === 0) return 'No events yet';
  return `Step ${shown} of ${lastSeq}${event ? `: ${event.type}` : ''}`;
}
