/**
 * An MCP session with the real `tj mcp`: the MCP SDK's own Client over its StdioClientTransport,
 * spawning the built CLI in a sandbox, as an LLM client would. It keeps what the process wrote on
 * stderr and every transport error (a line on stdout that is not the protocol is one).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN, type Sandbox } from './cli.js';

/** A connected client, what the server wrote on stderr, and the transport's errors. */
export interface McpSession {
  client: Client;
  stderr: () => string;
  errors: Error[];
  close(): Promise<void>;
}

/** The structured answer of a tool call that succeeded (fails the test with its text otherwise). */
export async function callOk(session: McpSession, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await session.client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  const text = (r.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
  // The text is the same answer as the structured content, for clients that read text only.
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(r.structuredContent))
    throw new Error(`${name}: text and structure differ`);
  return r.structuredContent;
}

/** The one line of a tool call that failed (fails the test if it succeeded). */
export async function callError(session: McpSession, name: string, args: Record<string, unknown>): Promise<string> {
  const r = await session.client.callTool({ name, arguments: args });
  if (!r.isError) throw new Error(`${name} succeeded: ${JSON.stringify(r.structuredContent)}`);
  return (r.content as Array<{ type: string; text: string }>).map((c) => c.text).join('\n');
}

/** Starts `tj <flags> mcp <mcpFlags>` in `box` (with `env` added) and connects the SDK's client to it. */
export async function connectMcp(
  box: Sandbox,
  flags: string[],
  options: { env?: Record<string, string>; mcpFlags?: string[] } = {},
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...flags, 'mcp', ...(options.mcpFlags ?? [])],
    env: { ...box.env, ...options.env },
    cwd: box.dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const client = new Client({ name: 'tj-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (e) => errors.push(e);
  await client.connect(transport);
  return { client, stderr: () => stderr, errors, close: () => client.close() };
}
