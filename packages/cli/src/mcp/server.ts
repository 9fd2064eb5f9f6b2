/**
 * `tj mcp`'s server: the Model Context Protocol over stdin and stdout with the official SDK's
 * low-level `Server` (its `McpServer` would answer a bad argument with zod's own multi-line text,
 * not our one-line message). The SDK is loaded here only, when `tj mcp` runs: other commands never
 * load it. Nothing but the protocol is written to stdout.
 */
import type { TjClient } from '@tj/client';
import { parseInput } from '@tj/core/internal';
import { z } from 'zod';
import type { Env } from '../config/paths.js';
import { describeError, fieldErrorsOf } from '../errors.js';
import { AS_WRITTEN, fieldErrorsInWords } from '../output/field-words.js';
import type { McpTool } from './tools.js';

/** What {@link serveMcp} needs: the tools, the client they call, the streams, and who it is. */
export interface McpServerOptions {
  tools: McpTool[];
  client: TjClient;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  /** The environment (how tj reached the journal words its errors). */
  env: Env;
  version: string;
}

/** The answer of a tool call (the SDK's `CallToolResult`, as far as we use it). */
interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const INSTRUCTIONS =
  'The tools read a trading journal (trades, statistics, analytics, journal entries) and write only journal entries ' +
  'and a trade’s notes, tags and setup. Ids come from the tools’ answers. Dates are YYYY-MM-DD; days are counted in ' +
  'the time zone `tz` (each tool’s default is the trader’s own).';

/** The pattern every text input carries (no U+0000): the API still refuses the character, a model need not read it. */
const NO_NUL_PATTERN = '^[^\\u0000]*$';

/**
 * A JSON Schema without what costs a model's context and tells it nothing: the long regular
 * expressions of dates and date-times (their `format` says it) and the no-NUL pattern.
 */
function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const needless = key === 'pattern' && ('format' in node || value === NO_NUL_PATTERN);
    if (!needless) out[key] = compact(value);
  }
  return out;
}

/** A zod schema as JSON Schema (2020-12, as the protocol assumes; no `$schema`), its input or output side. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return compact(json) as Record<string, unknown>;
}

/** The tool as `tools/list` shows it: its arguments and answer as JSON Schema, and whether it changes anything. */
function listed(tool: McpTool) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: 'object' as const, ...jsonSchema(tool.input, 'input') },
    outputSchema: { type: 'object' as const, ...jsonSchema(tool.output, 'output') },
    annotations: {
      title: tool.title,
      readOnlyHint: tool.kind === 'read',
      // An update overwrites the fields it is given (again and again alike); a create adds and changes nothing else.
      ...(tool.kind !== 'read' && { destructiveHint: tool.kind === 'update', idempotentHint: tool.kind === 'update' }),
      openWorldHint: false,
    },
  };
}

/** A failure as the one line the tool error shows: field errors named by the arguments (`limit: must be at most 100`). */
function toolErrorMessage(e: unknown, env: Env): string {
  const fields = fieldErrorsOf((e ?? {}) as Parameters<typeof fieldErrorsOf>[0]);
  return fields ? fieldErrorsInWords(fields, AS_WRITTEN) : describeError(e, env).message;
}

/** Calls the tool's operation with `args`, checked against its arguments first (the API checks its query or body again). */
async function callTool(options: McpServerOptions, tool: McpTool, args: Record<string, unknown>): Promise<ToolResult> {
  try {
    const { id, ...rest } = parseInput(tool.input, args) as Record<string, unknown>;
    const input = {
      ...(typeof id === 'string' && { params: { id } }),
      [tool.sendAs]: rest,
    };
    const answer = (await options.client.call(tool.operation, input as never)) as unknown as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer };
  } catch (e) {
    return { content: [{ type: 'text', text: toolErrorMessage(e, options.env) }], isError: true };
  }
}

/**
 * Serves the tools over stdio until the client closes stdin (or the connection fails).
 *
 * @example await serveMcp({ tools: mcpTools(ctx.tz), client: await ctx.client(), stdin, stdout, env, version: '0.1.0' });
 */
export async function serveMcp(options: McpServerOptions): Promise<void> {
  const [{ Server }, { StdioServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode }] =
    await Promise.all([
      import('@modelcontextprotocol/sdk/server/index.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ]);
  const byName = new Map(options.tools.map((t) => [t.name, t]));
  const tools = options.tools.map(listed);
  const server = new Server(
    { name: 'trading-journal', title: 'Trading journal', version: options.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = byName.get(request.params.name);
    // An unknown tool (a delete, say) is a protocol error, as the specification has it, not a tool's failure.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool named ${request.params.name}`);
    return callTool(options, tool, request.params.arguments ?? {});
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  options.stdin.once('end', () => void server.close());
  await server.connect(new StdioServerTransport(options.stdin as never, options.stdout as never));
  await closed;
}
