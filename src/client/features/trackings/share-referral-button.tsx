// The floating share button of /rastreo (public-site §2, §7): the client's referral link
// {origin}?ref={referralCode}, shared to WhatsApp or Facebook, or copied ('Link copiado'). The
// referral code is not the client code: a shared link must not open the account (decision 108).
// Like the WhatsApp button, it steps aside while a field or button lies under it.

import { useRef, useState } from "react";
import { Copy, Share2 } from "lucide-react";
import { Button, buttonClasses } from "../../components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { FacebookIcon, WhatsappIcon } from "../../components/layout/brand-icons";
import { brand } from "../../lib/brand";
import { REFERRAL_LINK_COPIED_TITLE, referralLink } from "../../../shared/api/referrals";
import { COUPON_VALIDITY_DAYS, REFERRAL_WELCOME_DISCOUNT, REFERRER_REWARD_DISCOUNT } from "../../../shared/domain/coupons";
import { copyText } from "../../lib/copy-text";
import { cn } from "../../lib/cn";
import { STAY_CLEAR_CLASSES, useStayClear } from "../../lib/use-stay-clear";

export function shareLinks(link: string) {
  const text =
    `¡Abre gratis tu casillero en Miami con ${brand.name}! Con mi link recibes ${REFERRAL_WELCOME_DISCOUNT}% de ` +
    `descuento en tu primer envío: ${link}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
  };
}

export function ShareReferralButton({ referralCode }: { referralCode: string }) {
  const [open, setOpen] = useState(false);
  const floating = useRef<HTMLButtonElement>(null);
  const stayClear = useStayClear(floating);
  const link = referralLink(window.location.origin, referralCode);
  const links = shareLinks(link);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          ref={floating}
          {...stayClear}
          type="button"
          aria-label="Invitar amigos: compartir mi link de referido"
          className={cn(
            "fixed bottom-4 left-4 z-40 inline-flex h-14 items-center gap-2 rounded-full bg-accent px-5 font-semibold text-accent-foreground shadow-lg hover:scale-105 hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:bottom-6 sm:left-6",
            STAY_CLEAR_CLASSES,
          )}
        >
          <Share2 className="h-5 w-5" aria-hidden="true" />
          <span className="hidden sm:inline">Invitar amigos</span>
        </button>
      </DialogTrigger>
      <DialogContent
        title="Invita a tus amigos"
        description={`Tu amigo recibe ${REFERRAL_WELCOME_DISCOUNT}% de descuento en su primer envío y tú un cupón de ${REFERRER_REWARD_DISCOUNT}% cuando lo reciba. Los cupones valen ${COUPON_VALIDITY_DAYS} días.`}
      >
        <Input readOnly value={link} aria-label="Tu link de referido" className="font-mono" onFocus={(e) => e.currentTarget.select()} />
        <div className="grid gap-2 sm:grid-cols-3">
          <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClasses("whatsapp")}>
            <WhatsappIcon className="h-5 w-5" />
            WhatsApp
          </a>
          <a href={links.facebook} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary")}>
            <FacebookIcon className="h-5 w-5" />
            Facebook
          </a>
          <Button variant="outline" onClick={() => void copyText(link, { title: REFERRAL_LINK_COPIED_TITLE, description: link })}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            Copiar link
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
