import { describe, expect, it } from 'vitest';
import { type ApprovalConfig, resolvePolicy } from './approval';
import type { ApprovalPolicy, ToolRisk } from './types';

const cases: Array<[ToolRisk, ApprovalConfig['approvals'], ApprovalPolicy | undefined, ApprovalPolicy]> = [
  ['read', 'ask', undefined, 'allow'],
  ['write', 'ask', undefined, 'allow'],
  ['external', 'ask', undefined, 'ask'],
  ['external', 'auto', undefined, 'allow'],
  ['external', 'deny', undefined, 'deny'],
  ['read', 'deny', undefined, 'allow'],
  ['read', 'ask', 'ask', 'ask'],
  ['read', 'auto', 'ask', 'allow'],
  ['read', 'deny', 'ask', 'deny'],
  ['external', 'ask', 'allow', 'allow'],
  ['external', 'deny', 'allow', 'allow'],
  ['write', 'auto', 'deny', 'deny'],
  ['external', 'auto', 'deny', 'deny'],
];

describe('resolvePolicy', () => {
  it.each(cases)('risk %s, approvals %s, per-tool %s → %s', (risk, approvals, perTool, expected) => {
    const config: ApprovalConfig = perTool ? { approvals, perTool: { some_tool: perTool } } : { approvals };
    expect(resolvePolicy({ name: 'some_tool', risk }, config)).toBe(expected);
  });

  it('ignores per-tool settings for other tools and inherited object keys', () => {
    const config: ApprovalConfig = { approvals: 'ask', perTool: { other_tool: 'deny' } };
    expect(resolvePolicy({ name: 'some_tool', risk: 'read' }, config)).toBe('allow');
    expect(resolvePolicy({ name: 'constructor', risk: 'external' }, config)).toBe('ask');
  });
});
