// The floating WhatsApp button: a chat with the office, prefilled with a purchase inquiry. It
// steps aside while a field or button lies under it (lib/use-stay-clear).

import { useRef } from "react";
import { brand } from "../../lib/brand";
import { whatsappChatLink } from "../../../shared/domain/phone";
import { purchaseInquiryMessage } from "../../../shared/domain/chat-messages";
import { cn } from "../../lib/cn";
import { STAY_CLEAR_CLASSES, useStayClear } from "../../lib/use-stay-clear";
import { WhatsappIcon } from "./brand-icons";

export function WhatsappButton() {
  const ref = useRef<HTMLAnchorElement>(null);
  const stayClear = useStayClear(ref);
  return (
    <a
      ref={ref}
      {...stayClear}
      href={whatsappChatLink(brand.whatsapp, purchaseInquiryMessage(brand.name))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escríbenos por WhatsApp"
      className={cn(
        "fixed right-4 bottom-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg hover:scale-105 hover:bg-whatsapp-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:right-6 sm:bottom-6",
        STAY_CLEAR_CLASSES,
      )}
    >
      <WhatsappIcon className="h-7 w-7" />
    </a>
  );
}
