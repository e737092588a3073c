import { canonicalJson } from '../../shared/canonical-json';
import type { ApprovalMode } from '../../shared/events';
import type { ApprovalPolicy, ToolRisk } from './types';

/** How a run treats tool calls: ask the person, approve what would be asked, or refuse it. */
export interface ApprovalConfig {
  approvals: ApprovalMode;
  perTool?: Record<string, ApprovalPolicy>;
  /** Calls the person chose to always allow: one tool with exactly these arguments each. */
  alwaysAllow?: readonly AlwaysAllowed[];
}

/** A call the person confirmed once and for all; only the identical call matches, never a class. */
export interface AlwaysAllowed {
  tool: string;
  arguments: Record<string, unknown>;
}

export function isAlwaysAllowed(
  name: string,
  args: Record<string, unknown>,
  config: ApprovalConfig,
): boolean {
  const key = canonicalJson(args);
  return (config.alwaysAllow ?? []).some(
    (entry) => entry.tool === name && canonicalJson(entry.arguments) === key,
  );
}

/** Why a call is asked about, in words for the person. */
export function approvalRule(tool: { name: string; risk: ToolRisk }, config: ApprovalConfig): string {
  if (config.perTool && Object.hasOwn(config.perTool, tool.name)) {
    return `the settings say to ask before ${tool.name} runs`;
  }
  return `${tool.name} is a tool of '${tool.risk}' risk, which asks before it runs`;
}

const BY_RISK: Record<ToolRisk, ApprovalPolicy> = { read: 'allow', write: 'allow', external: 'ask' };

/**
 * The policy for one tool: its per-tool setting if any, else the default for its risk; then `auto`
 * turns ask into allow and `deny` turns ask into deny. An explicit allow or deny is never changed.
 */
export function resolvePolicy(
  tool: { name: string; risk: ToolRisk },
  config: ApprovalConfig,
): ApprovalPolicy {
  const explicit =
    config.perTool && Object.hasOwn(config.perTool, tool.name) ? config.perTool[tool.name] : undefined;
  const policy = explicit ?? BY_RISK[tool.risk];
  if (policy !== 'ask') return policy;
  if (config.approvals === 'auto') return 'allow';
  if (config.approvals === 'deny') return 'deny';
  return 'ask';
}
