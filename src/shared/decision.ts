import { z } from 'zod';

/** The only four things a model's turn can amount to. */
export const DECISION_TYPES = ['tool_call', 'final_answer', 'ask_user', 'invalid'] as const;
export type DecisionType = (typeof DECISION_TYPES)[number];

/** One tool call as the OpenAI chat API carries it; `arguments` is whatever the model sent. */
export const rawToolCallSchema = z.object({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.object({ name: z.string(), arguments: z.unknown() }),
});
export type RawToolCall = z.infer<typeof rawToolCallSchema>;

/** An assistant message exactly as received: the parser's input and what `model.response` stores. */
export const assistantMessageSchema = z.object({
  content: z.string().nullable().optional(),
  tool_calls: z.array(rawToolCallSchema).optional(),
  reasoning: z.string().optional(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

/**
 * What the parser made of a model's turn. Flat on purpose: it is stored as the `decision` event's
 * payload and printed by `debug parse`.
 * - tool_call: toolName + arguments (+ callId when the model gave a native id)
 * - final_answer: content is the answer
 * - ask_user: content is the question
 * - invalid: reason says what is wrong (it is fed back to the model); content holds an excerpt
 */
export const decisionSchema = z.object({
  type: z.enum(DECISION_TYPES),
  toolName: z.string().optional(),
  arguments: z.record(z.string(), z.unknown()).optional(),
  content: z.string().optional(),
  reason: z.string().optional(),
  callId: z.string().optional(),
  /** Where the decision came from: native tool_calls, or text the parser read. */
  source: z.enum(['native', 'content']).optional(),
});
export type Decision = z.infer<typeof decisionSchema>;

/** The pseudo-tool offered to the model in native mode so it can ask the person a question. */
export const ASK_USER_TOOL = 'ask_user';
