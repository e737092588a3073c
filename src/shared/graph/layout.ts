import type { GraphBounds, NodeKind } from './types';

/** Size of a node of each kind, declared up front so the renderer never measures a node. */
export const NODE_SIZES: Readonly<Record<NodeKind, { width: number; height: number }>> = {
  task: { width: 280, height: 72 },
  // A round's node starts as `model` and becomes `decision`: one size, so it never has to move.
  model: { width: 240, height: 64 },
  decision: { width: 240, height: 64 },
  tool: { width: 200, height: 64 },
  context: { width: 220, height: 52 },
  question: { width: 260, height: 64 },
  approval: { width: 200, height: 64 },
  response: { width: 200, height: 56 },
  answer: { width: 280, height: 72 },
  error: { width: 280, height: 72 },
  notice: { width: 200, height: 52 },
};

/** Kinds that can sit in a lane under one tool call; all fit the lane pitch. */
export type LaneKind = 'tool' | 'approval' | 'response' | 'notice';

/** Vertical space between a node and the next one below it (room for the edge). */
export const ROW_GAP = 48;
/** Horizontal space between neighbouring lanes. */
export const LANE_GAP = 32;
/** Distance between the centres of neighbouring lanes. */
export const LANE_PITCH =
  Math.max(
    NODE_SIZES.tool.width,
    NODE_SIZES.approval.width,
    NODE_SIZES.response.width,
    NODE_SIZES.notice.width,
  ) + LANE_GAP;

/** Top-left corner of a node. */
export interface Position {
  x: number;
  y: number;
}

interface Lane {
  centre: number;
  bottom: number;
}

/**
 * Places a run's nodes in one column, on the run's own shape: each step is a row below everything
 * placed so far, centred on the column's axis; a round's tool calls are lanes side by side, centred
 * under their decision, and what follows one call (its approval, the answer, a notice) goes down its
 * lane. A position, once given, never changes, and each placement is O(1).
 *
 * No overlap by construction: a row starts below the lowest node; lanes start below the lowest node,
 * each stays inside its own band of width LANE_PITCH, and the next row closes them.
 */
export class ColumnLayout {
  readonly #axis: number;
  #bottom = -ROW_GAP;
  #minX: number;
  #maxX: number;
  #lanes: Lane[] = [];
  #laneRowY = 0;

  constructor(axis = 0) {
    this.#axis = axis;
    this.#minX = axis;
    this.#maxX = axis;
  }

  /** A step of its own, centred below everything; closes the open lanes. */
  row(kind: NodeKind): Position {
    this.#lanes = [];
    return this.#place(kind, this.#axis, this.#bottom + ROW_GAP);
  }

  /** `count` lanes side by side, centred on the axis below everything; returns each lane's first node. */
  laneRow(kind: LaneKind, count: number): Position[] {
    const y = this.#bottom + ROW_GAP;
    this.#laneRowY = y;
    this.#lanes = [];
    const positions: Position[] = [];
    for (let i = 0; i < count; i++) {
      const centre = this.#axis + (i - (count - 1) / 2) * LANE_PITCH;
      this.#lanes.push({ centre, bottom: y });
      positions.push(this.#placeInLane(i, kind, y));
    }
    return positions;
  }

  /** One more lane right of the open ones (a call nobody announced); undefined when none is open. */
  addLane(kind: LaneKind): { lane: number; position: Position } | undefined {
    const last = this.#lanes[this.#lanes.length - 1];
    if (!last) return undefined;
    const lane = this.#lanes.length;
    this.#lanes.push({ centre: last.centre + LANE_PITCH, bottom: this.#laneRowY });
    return { lane, position: this.#placeInLane(lane, kind, this.#laneRowY) };
  }

  /** The next node down an open lane; undefined when that lane was closed by a row. */
  belowLane(lane: number, kind: LaneKind): Position | undefined {
    const open = this.#lanes[lane];
    if (!open) return undefined;
    return this.#placeInLane(lane, kind, open.bottom + ROW_GAP);
  }

  get bounds(): GraphBounds {
    return { minX: this.#minX, maxX: this.#maxX, maxY: Math.max(0, this.#bottom) };
  }

  #placeInLane(lane: number, kind: LaneKind, y: number): Position {
    const open = this.#lanes[lane];
    if (!open) throw new Error(`lane ${lane} is not open`);
    const position = this.#place(kind, open.centre, y);
    open.bottom = y + NODE_SIZES[kind].height;
    return position;
  }

  #place(kind: NodeKind, centre: number, y: number): Position {
    const { width, height } = NODE_SIZES[kind];
    const x = centre - width / 2;
    this.#bottom = Math.max(this.#bottom, y + height);
    this.#minX = Math.min(this.#minX, x);
    this.#maxX = Math.max(this.#maxX, x + width);
    return { x, y };
  }
}
