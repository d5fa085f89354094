// The generated TypeScript client run for real: openapi-fetch over openapi-typescript's types
// asks a running site a search, a battle, a hunt, a deck validation and a legal move, then the
// docs' example functions (example.ts). Prints what it asked and what came back as one JSON
// object; tests/test_api_clients.py compiles it with tsc --strict, runs it with node against a
// live server and compares each answer with the site's own.
//   node run_example.js http://127.0.0.1:8000
import type { paths } from "./api";
import { adjudicator, cardByName, defenderDestroyed, firstSearchHit, whereCanItGo } from "./example.js";

declare const process: { argv: string[] };

type Body<P extends keyof paths> = paths[P] extends { post: { requestBody?: infer B } }
  ? NonNullable<B> extends { content: { "application/json": infer J } }
    ? J
    : never
  : never;
type Asked = { method: string; path: string; request: unknown; status: number; answer: unknown };

const site = process.argv[2];
const api = adjudicator(site);

const search: paths["/search/"]["get"]["parameters"]["query"] = { q: "осада", lang: "ru" };
const battle: Body<"/wotr/battle/"> = {
  attacker: { regular: 5, elite: 1, leadership: 2 },
  defender: { regular: 3 },
  settlement: "city",
};
const hunt: Body<"/wotr/hunt/"> = { hunt_dice: 3, corruption: 10 };
const deck: Body<"/decks/validate/"> = {
  list: "Ring-bearer: Frodo, Son of Drogo\nRing: The One Ring, The Ruling Ring\n4x Axe Strike",
  format: "fellowship_block",
};
const move: Body<"/wotr/moves/legal/"> = {
  position: "setup",
  piece: { kind: "army", from: "fords-of-isen", units: { regular: 2, leaders: 1 }, die: "army" },
};

async function asked(
  method: string,
  path: string,
  request: unknown,
  call: Promise<{ response: Response; data?: unknown; error?: unknown }>,
): Promise<Asked> {
  const { response, data, error } = await call;
  return { method, path, request, status: response.status, answer: data ?? error };
}

const calls: Asked[] = [
  await asked("GET", "/search/", search, api.GET("/search/", { params: { query: search } })),
  await asked("POST", "/wotr/battle/", battle, api.POST("/wotr/battle/", { body: battle })),
  await asked("POST", "/wotr/hunt/", hunt, api.POST("/wotr/hunt/", { body: hunt })),
  await asked("POST", "/decks/validate/", deck, api.POST("/decks/validate/", { body: deck })),
  await asked("POST", "/wotr/moves/legal/", move, api.POST("/wotr/moves/legal/", { body: move })),
];
const example = {
  defenderDestroyed: await defenderDestroyed(site),
  destinations: (await whereCanItGo(site)).length,
  firstSearchHit: await firstSearchHit(site),
  cardByName: await cardByName(site, "legolas greenleef"),
};
console.log(JSON.stringify({ calls, example }));
