import { memo } from 'react';
import { formatDuration } from '../runs/format';
import type { ToolCard } from './transcript';

const STATUS_TEXT: Record<ToolCard['status'], string> = {
  running: 'running',
  succeeded: 'done',
  failed: 'failed',
  waiting: 'waiting for approval',
  denied: 'denied',
};

/** One tool call in the chat: name, short arguments, status and duration. */
export const ToolCallCard = memo(function ToolCallCard({ card }: { card: ToolCard }) {
  return (
    <div className={`tool-card ${card.status}`}>
      <span className="tool-status-dot" aria-hidden="true" />
      <span className="tool-name mono">{card.name}</span>
      <span className="tool-args mono" title={card.args}>
        {card.args}
      </span>
      <span className="tool-state">
        {STATUS_TEXT[card.status]}
        {card.durationMs !== undefined && ` · ${formatDuration(card.durationMs)}`}
      </span>
      {card.error && <span className="tool-error">{card.error}</span>}
    </div>
  );
});
