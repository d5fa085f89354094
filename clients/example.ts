// The docs/api.md example: openapi-fetch over the types openapi-typescript generates from the
// schema, type-checked by tsc --strict in make test (tests/test_api_clients.py).
import createClient from "openapi-fetch";
import type { components, paths } from "./api";

type Destination = components["schemas"]["WotrMoveDestination"];

export function adjudicator(site: string) {
  // The schema's server is /api/v1: the client pins version 1.
  return createClient<paths>({ baseUrl: `${site}/api/v1`, headers: { "Accept-Language": "en" } });
}

export async function defenderDestroyed(site: string): Promise<string> {
  const { data, error } = await adjudicator(site).POST("/wotr/battle/", {
    body: { attacker: { regular: 5, leadership: 2 }, defender: { regular: 3 } },
  });
  if (error) throw new Error(error.errors.map((e) => `${e.field}: ${e.code}`).join("; "));
  return data.defender_destroyed.exact;
}

export async function whereCanItGo(site: string): Promise<Destination[]> {
  const { data, error } = await adjudicator(site).POST("/wotr/moves/legal/", {
    body: { piece: { kind: "army", from: "minas-tirith", units: { regular: 2, leaders: 1 } } },
  });
  if (error) throw new Error(error.detail);
  return data.destinations;
}

export async function firstSearchHit(site: string): Promise<string | undefined> {
  const { data } = await adjudicator(site).GET("/search/", { params: { query: { q: "siege" } } });
  return data?.results[0]?.url;
}

export async function cardByName(site: string, name: string): Promise<string | undefined> {
  const { data } = await adjudicator(site).GET("/cards/named/", {
    params: { query: { fuzzy: name } },
  });
  return data?.api_url;
}
