// Picks the parts provider: the OpenAI-compatible adapter when an AI is configured (it falls
// back to store links by itself), else the store links alone.
import type { ChatClient } from "../ai/chat-client";
import { createOpenAiPartsProvider } from "./openai";
import { createStoreLinksPartsProvider } from "./store-links";
import type { PartsProvider } from "./types";

export type { PartsProvider } from "./types";

export function createPartsProvider(chat: ChatClient | null): PartsProvider {
  return chat ? createOpenAiPartsProvider(chat) : createStoreLinksPartsProvider();
}
