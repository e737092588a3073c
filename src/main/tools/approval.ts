import type { ApprovalPolicy, ToolRisk } from './types';

/** How a run treats tool calls: ask the person, approve what would be asked, or refuse it. */
export interface ApprovalConfig {
  approvals: 'ask' | 'auto' | 'deny';
  perTool?: Record<string, ApprovalPolicy>;
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
