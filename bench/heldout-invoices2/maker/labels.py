"""Printed words per language; each invoice picks one of several spellings."""
LABELS = {
    "en": dict(title=["INVOICE", "Invoice", "Tax Invoice"], no=["Invoice No.", "Invoice #", "Invoice Number"], date=["Invoice Date", "Date", "Date of issue"],
               due=["Due Date", "Payment Due", "Due"], po=["PO Number", "P.O. No.", "Purchase Order"], bill=["Bill to", "Invoice to", "Billed To", "Client"],
               cust=["Customer ID", "Account No.", "Client No."], desc=["Description", "Item", "Details"], qty=["Qty", "Quantity", "Hours"],
               unit=["Unit", "UoM"], price=["Unit Price", "Rate", "Price"], amount=["Amount", "Line Total", "Total"], code=["Item #", "SKU", "Code"],
               sub=["Subtotal", "Sub-total", "Net"], disc=["Discount", "Less discount"], ship=["Shipping", "Delivery", "Carriage"],
               tax={"en-US": ["Sales Tax", "Tax"], "en-GB": ["VAT", "VAT @"]}, total=["Total", "Invoice Total", "Total Due"],
               paid=["Amount Paid", "Less deposit paid", "Payments received"], due_amt=["Balance Due", "Amount Due", "Balance"],
               terms=["Payment Terms", "Terms"], taxid={"en-US": ["EIN", "Tax ID"], "en-GB": ["VAT Reg. No.", "VAT No."]},
               from_=["From"], cf=["Carried forward"], bf=["Brought forward"], rate_col={"en-US": ["Tax %", "Tax rate"], "en-GB": ["VAT %", "VAT rate"]}, page=["Page"]),
    "de": dict(title=["RECHNUNG", "Rechnung"], no=["Rechnung Nr.", "Rechnungsnummer", "Rechnungs-Nr."], date=["Rechnungsdatum", "Datum"],
               due=["Fällig am", "Zahlbar bis", "Fälligkeitsdatum"], po=["Bestellnummer", "Ihre Bestellung", "Bestell-Nr."],
               bill=["Rechnungsempfänger", "Kunde", "Rechnung an"], cust=["Kundennummer", "Kunden-Nr."], desc=["Bezeichnung", "Beschreibung", "Leistung"],
               qty=["Menge", "Anzahl"], unit=["Einheit", "ME"], price=["Einzelpreis", "E-Preis", "Preis/Einheit"], amount=["Betrag", "Gesamtpreis", "Gesamt"],
               code=["Art.-Nr.", "Artikelnr."], sub=["Zwischensumme", "Nettobetrag", "Summe netto"], disc=["Rabatt", "abzüglich Rabatt"],
               ship=["Versandkosten", "Fracht"], tax={"de-DE": ["MwSt.", "USt.", "zzgl. Umsatzsteuer"]}, total=["Gesamtbetrag", "Rechnungsbetrag", "Bruttobetrag"],
               paid=["Anzahlung", "Bereits bezahlt"], due_amt=["Offener Betrag", "Zahlbetrag", "Restbetrag"], terms=["Zahlungsbedingungen", "Zahlungsziel"],
               taxid={"de-DE": ["USt-IdNr.", "USt-ID"]}, from_=["Absender"], cf=["Übertrag"], bf=["Übertrag"], rate_col={"de-DE": ["MwSt. %", "USt %"]}, page=["Seite"]),
    "fr": dict(title=["FACTURE", "Facture"], no=["Facture N°", "N° de facture", "Facture n°"], date=["Date de facture", "Date", "Date d'émission"],
               due=["Échéance", "Date d'échéance", "À payer avant le"], po=["Bon de commande", "Réf. commande", "N° de commande"],
               bill=["Facturé à", "Client", "Destinataire"], cust=["N° client", "Code client"], desc=["Désignation", "Description"],
               qty=["Qté", "Quantité"], unit=["Unité", "U."], price=["Prix unitaire HT", "P.U. HT", "Prix unitaire"], amount=["Montant HT", "Total HT", "Montant"],
               code=["Réf.", "Référence"], sub=["Total HT", "Sous-total HT", "Montant HT"], disc=["Remise", "Remise commerciale"], ship=["Frais de port", "Livraison"],
               tax={"fr-FR": ["TVA", "Montant TVA"]}, total=["Total TTC", "Net à payer TTC", "Montant TTC"], paid=["Acompte versé", "Déjà réglé"],
               due_amt=["Reste à payer", "Solde dû", "Net à payer"], terms=["Conditions de paiement", "Règlement"],
               taxid={"fr-FR": ["N° TVA intracommunautaire", "TVA intracom."]}, from_=["Émetteur"], cf=["À reporter"], bf=["Report"], rate_col={"fr-FR": ["TVA %", "Taux TVA"]}, page=["Page"]),
}

def pick(rng, lang, key, loc=None):
    v = LABELS[lang][key]
    if isinstance(v, dict): v = v[loc]
    return rng.choice(v)
