// Every WhatsApp chat the marketing pages open: the brand's number plus one of the prefilled
// texts of shared/domain/messages.ts, always in a new tab (public-site §7).

import type { ReactNode } from "react";
import { whatsappChatLink } from "../../shared/domain/phone";
import {
  expertHelpMessage,
  founderContactMessage,
  purchaseInquiryMessage,
  quoteRequestMessage,
  teamContactMessage,
} from "../../shared/domain/chat-messages";
import { WhatsappIcon } from "./layout/brand-icons";
import { buttonClasses, type ButtonSize } from "./ui/button";
import { brand } from "../lib/brand";

/** The one builder: a wa.me chat with the brand's number and this text. */
export function brandWhatsappLink(message: string): string {
  return whatsappChatLink(brand.whatsapp, message);
}

export const whatsappLinks = {
  purchase: () => brandWhatsappLink(purchaseInquiryMessage(brand.name)),
  quote: () => brandWhatsappLink(quoteRequestMessage(brand.name)),
  team: (memberName?: string) => brandWhatsappLink(teamContactMessage({ brandName: brand.name, memberName })),
  founder: (founderName?: string) => brandWhatsappLink(founderContactMessage({ brandName: brand.name, founderName })),
  expert: () => brandWhatsappLink(expertHelpMessage(brand.name)),
};

export interface WhatsappLinkButtonProps {
  href: string;
  children: ReactNode;
  size?: ButtonSize;
  className?: string;
  /** A fuller name for screen readers when the visible text is short. */
  label?: string;
}

/** A green WhatsApp button that opens the chat in a new tab. */
export function WhatsappLinkButton({ href, children, size = "lg", className, label }: WhatsappLinkButtonProps) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className={buttonClasses("whatsapp", size, className)}
    >
      <WhatsappIcon className="h-5 w-5" />
      {children}
    </a>
  );
}
