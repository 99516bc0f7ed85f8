import { describe, expect, it } from "vitest";
import { applyAction, secretRequestOf } from "../../functions/agent/apply";
import { notApplied } from "../../functions/agent/outcomes";
import { ActionStreamParser, actionsOf, parseMessage } from "../../lib/agent/parser";
import { type Action, serialize } from "../../lib/agent/protocol";
import { repair } from "../../lib/agent/repair";

const slack = { secretName: "SLACK_WEBHOOK_URL", description: "The incoming webhook URL of the Slack channel" };
const openai = { secretName: "OPENAI_API_KEY", description: "Your OpenAI API key (platform.openai.com → API keys)" };
const answer = `I'll post new orders to Slack.\n<kiln-write path="functions/postOrderToSlack">\nDeno.serve(() => new Response("ok"));\n</kiln-write>\n<kiln-secrets>\n${JSON.stringify([slack, openai], null, 2)}\n</kiln-secrets>\nAdd the webhook URL in the form below.`;

/** Every closed action and every invalid report, feeding the text in the given chunks. */
function run(chunks: string[]) {
  const closed: Action[] = [];
  const invalid: string[] = [];
  const parser = new ActionStreamParser({ onActionClose: (_o, a) => closed.push(a), onInvalid: (_o, reason) => invalid.push(reason) });
  for (const c of chunks) parser.push(c);
  parser.end();
  return { closed, invalid };
}

describe("the secret request tag", () => {
  it("parses a JSON list of {secretName, description} as a secrets action, whatever the chunking", () => {
    const whole = run([answer]);
    expect(whole.invalid).toEqual([]);
    expect(whole.closed.map((a) => a.type)).toEqual(["write", "secrets"]);
    expect(whole.closed[1]).toEqual({ type: "secrets", secrets: [slack, openai] });
    for (let i = 0; i <= answer.length; i += 7) expect(run([answer.slice(0, i), answer.slice(i)])).toEqual(whole);
    expect(run([...answer])).toEqual(whole);
  });

  it("keeps the text around it as chat text", () => {
    const text = parseMessage(answer).flatMap((s) => (s.kind === "text" ? [s.text] : [])).join("");
    expect(text).toContain("I'll post new orders to Slack.");
    expect(text).toContain("Add the webhook URL in the form below.");
    expect(text).not.toContain("SLACK_WEBHOOK_URL");
  });

  it("serializes back to a tag that reads as the same action, even with '<' and a closing tag in a description", () => {
    const tricky: Action = { type: "secrets", secrets: [{ secretName: "API_TOKEN", description: 'Paste it as-is: <token> or "</kiln-secrets>" & more' }] };
    const text = serialize(tricky);
    expect(text.startsWith("<kiln-secrets>[")).toBe(true);
    expect(text.match(/<\/kiln-secrets>/g)).toHaveLength(1);
    expect(actionsOf(`before ${text} after`)).toEqual([tricky]);
    expect(actionsOf(serialize({ type: "secrets", secrets: [slack, openai] }))).toEqual([{ type: "secrets", secrets: [slack, openai] }]);
  });

  it("reports a malformed request as invalid, with why, and emits no action", () => {
    const cases: [string, RegExp][] = [
      ["<kiln-secrets>SLACK_WEBHOOK_URL please</kiln-secrets>", /must be a JSON list.*(JSON|token)/],
      ['<kiln-secrets>[{"secretName": "slack webhook", "description": "x"}]</kiln-secrets>', /0\.secretName: A secret name must start with a letter/],
      ['<kiln-secrets>[{"secretName": "SLACK"}]</kiln-secrets>', /0\.description/],
      ["<kiln-secrets>[]</kiln-secrets>", /asks for no secret/],
      ['<kiln-secrets>{"secretName": "SLACK", "description": "x"}</kiln-secrets>', /must be a JSON list/],
      [`<kiln-secrets>${JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ secretName: `KEY_${i}`, description: "x" })))}</kiln-secrets>`, /more than 20 secrets/],
      ["<kiln-secrets />", /must be a JSON list/],
    ];
    for (const [text, why] of cases) {
      const { closed, invalid } = run([text]);
      expect(closed, text).toEqual([]);
      expect(invalid, text).toHaveLength(1);
      expect(invalid[0], text).toMatch(why);
    }
  });

  it("a malformed request is listed among what was not applied, by its place, in words", () => {
    const content = `<kiln-plan>Ask for a key.</kiln-plan>\n<kiln-secrets>[{"secretName": "bad name", "description": "x"}]</kiln-secrets>`;
    expect(notApplied(content, [], "ended", {})).toEqual([
      { path: null, action_index: 1, reason: expect.stringMatching(/^The secret request could not be read \(.*secretName.*\), so it was not made\.$/) },
    ]);
    expect(notApplied(`<kiln-secrets>[{"secretName": "A", `, [], "stopped", {})).toEqual([
      { path: null, action_index: 0, reason: "The secret request was cut off by Stop, so it was not made." },
    ]);
  });

  it("survives the repair layer unchanged", () => {
    const repaired = repair(answer);
    expect(repaired.actions.at(-1)).toEqual({ type: "secrets", secrets: [slack, openai] });
    expect(repaired.cutOff).toEqual([]);
    expect(actionsOf(repaired.content)).toEqual(repaired.actions);
  });
});

describe("applying a secret request", () => {
  it("changes no file", () => {
    const files = { "functions/x": "code" };
    expect(applyAction(files, { type: "secrets", secrets: [slack] }, new Set())).toEqual({ files, changed: {} });
  });

  it("asks only for names the app does not have, each once with its first description, at most 20", () => {
    const again = { secretName: "SLACK_WEBHOOK_URL", description: "asked twice" };
    expect(secretRequestOf([slack, openai, again], ["OPENAI_API_KEY"])).toEqual([slack]);
    expect(secretRequestOf([slack, openai], [])).toEqual([slack, openai]);
    expect(secretRequestOf([slack], ["SLACK_WEBHOOK_URL"])).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => ({ secretName: `KEY_${i}`, description: "x" }));
    expect(secretRequestOf(many, ["KEY_0"]).map((s) => s.secretName)).toEqual(many.slice(1, 21).map((s) => s.secretName));
  });
});
