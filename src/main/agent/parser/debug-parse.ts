import type { AssistantMessage } from '../../../shared/decision';
import { parseDecisions } from './index';
import { readWholeJson } from './lenient-json';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MESSAGE_KEYS = ['content', 'tool_calls', 'function_call', 'reasoning', 'reasoning_content', 'role'];

/**
 * The message inside what was pasted: an assistant message `{content, tool_calls}`, or a whole
 * chat completion (`choices[0].message`) or Ollama response (`message`) as servers return them.
 * Text that is not JSON, and JSON that is not a message (a model's raw JSON reply), is the content
 * of a message itself.
 */
function messageFrom(text: string): AssistantMessage {
  const read = readWholeJson(text);
  if (!read.ok || !isRecord(read.value)) return { content: text };
  const value = read.value;
  const choice = Array.isArray(value.choices) ? value.choices[0] : undefined;
  if (isRecord(choice) && isRecord(choice.message)) return choice.message as AssistantMessage;
  if (MESSAGE_KEYS.some((key) => key in value)) return value as AssistantMessage;
  if (isRecord(value.message)) return value.message as AssistantMessage;
  return { content: text };
}

/**
 * `hermes-studio debug parse`: reads assistant messages and returns one output line per message,
 * the JSON array of the decisions parsed from it. Without `ndjson` the whole input is one message;
 * with it every non-empty line is one. An input that is not valid JSON is taken as a message whose
 * content is that raw text, so a model's reply can be pasted as is.
 */
export function debugParse(stdinText: string, ndjson: boolean): string[] {
  const lines = ndjson ? stdinText.split('\n').map((line) => line.replace(/\r$/, '')) : [stdinText];
  const inputs = ndjson ? lines.filter((line) => line.trim() !== '') : lines;
  return inputs.map((input) => JSON.stringify(parseDecisions(messageFrom(input))));
}
