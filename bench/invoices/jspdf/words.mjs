// Labels per language for the tuning layouts (WORDS) and, kept apart, for the check layouts
// (CHECK_WORDS): the check set must be read with wording the rules were not tuned on.

const common = {
  en: {
    date: ["Invoice date", "Date", "Issued"],
    due: ["Due date", "Payment due", "Due"],
    po: ["PO Number", "Purchase order"],
    terms: ["Terms", "Payment terms"],
    ship: ["Ship to", "Deliver to", "Delivery address"],
    page: (i, n) => `page ${i}/${n}`,
  },
  de: {
    date: ["Rechnungsdatum", "Datum"],
    due: ["Fällig am", "Zahlbar bis"],
    po: ["Bestellnummer", "Ihre Bestellung"],
    terms: ["Zahlungsbedingungen", "Zahlungsziel"],
    ship: ["Lieferadresse", "Lieferanschrift"],
    page: (i, n) => `Seite ${i}/${n}`,
  },
  fr: {
    date: ["Date de facture", "Date"],
    due: ["Échéance", "Date d'échéance"],
    po: ["Bon de commande", "N° de commande"],
    terms: ["Conditions de paiement", "Règlement"],
    ship: ["Adresse de livraison", "Livrer à"],
    page: (i, n) => `page ${i}/${n}`,
  },
  nl: {
    date: ["Factuurdatum", "Datum"],
    due: ["Vervaldatum"],
    po: ["Ordernummer"],
    terms: ["Betalingstermijn"],
    ship: ["Afleveradres"],
    page: (i, n) => `pagina ${i}/${n}`,
  },
};

export const WORDS = {
  en: {
    ...common.en,
    id: ["Invoice No.", "Invoice #", "Inv. No", "Invoice Number:", "Reference", "Document No.", "Ref."],
    bill: ["Bill to", "Billed to", "Invoice to", "Customer", "Client"],
    custNo: ["Customer No.", "Account No.", "Customer ID"],
    title: ["INVOICE", "Invoice", "TAX INVOICE", "Tax Invoice"],
    titleNo: ["#", "No. ", "", "Number "],
    footer: "Invoice",
  },
  de: {
    ...common.de,
    id: ["Rechnungs-Nr.", "Belegnummer", "Rechnungsnummer", "Rechnung Nr."],
    bill: ["Rechnung an", "Kunde", "Rechnungsempfänger"],
    custNo: ["Kundennummer", "Kunden-Nr."],
    title: ["RECHNUNG", "Rechnung"],
    titleNo: ["", "Nr. "],
    footer: "Rechnung",
  },
  fr: {
    ...common.fr,
    id: ["N° de facture", "Numéro", "Facture n°", "Réf."],
    bill: ["Facturé à", "Client", "Destinataire"],
    custNo: ["N° client", "Code client"],
    title: ["FACTURE", "Facture"],
    titleNo: ["n° ", "N° ", ""],
    footer: "Facture",
  },
  nl: {
    ...common.nl,
    id: ["Factuurnummer", "Factuurnr."],
    bill: ["Factuur aan", "Klant"],
    custNo: ["Klantnummer"],
    title: ["FACTUUR"],
    titleNo: ["nr. ", ""],
    footer: "Factuur",
  },
};

export const CHECK_WORDS = {
  en: {
    ...common.en,
    id: ["Invoice ID", "Our ref", "Invoice no", "Number", "Doc. No."],
    bill: ["Invoiced to", "Sold to", "Bill To:", "Customer details"],
    custNo: ["Client ID", "Customer number", "Acct. No."],
    title: ["INVOICE", "Sales Invoice"],
    titleNo: ["no. ", "# "],
    footer: "Invoice",
  },
  de: {
    ...common.de,
    id: ["Beleg-Nr.", "Rechnungsnr.", "Nummer", "Re.-Nr."],
    bill: ["Rechnungsadresse", "Empfänger", "Kunde:"],
    custNo: ["Kd.-Nr.", "Debitor"],
    title: ["Rechnung", "RECHNUNG"],
    titleNo: ["Nr. ", ""],
    footer: "Rechnung",
  },
  fr: {
    ...common.fr,
    id: ["Numéro de facture", "Référence", "N°", "Facture No"],
    bill: ["Adresse de facturation", "Client :", "Facturer à"],
    custNo: ["Réf. client", "Compte client"],
    title: ["Facture", "FACTURE"],
    titleNo: ["N° ", "n°"],
    footer: "Facture",
  },
  nl: WORDS.nl,
};
