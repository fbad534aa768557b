"""Other names of one thing, from general knowledge, as data for ``memcurator.wording``: a
currency's code, name and sign, a cloud's or a product's initials and its full name, a shell's
long name. "variant|variant=canonical;" in the phrase table's form (each word stemmed when
read, longest first); a word written in capitals that is also a stop word ("US") is matched as
written. Only names that mean one thing wherever they appear: "TF" (Terraform or TensorFlow),
"PD", "ES" or a bare "pound" (money or weight) are left out, and so is "cycle" ("release cycle").
"""

from __future__ import annotations

import re

__all__ = ["ALIAS_SPEC", "SIGN", "SIGNS"]

ALIAS_SPEC = """
    usd|us dollar|US dollar|american dollar|dollar|greenback=usd;
    eur|euro|eurozone euro=eur; gbp|pound sterling|british pound|sterling|quid=gbp;
    jpy|japanese yen|yen=jpy; cny|rmb|renminbi|chinese yuan|yuan=cny; inr|indian rupee|rupee=inr;
    chf|swiss franc=chf; cad|canadian dollar=cad; aud|australian dollar=aud;
    nzd|new zealand dollar=nzd; sgd|singapore dollar=sgd; hkd|hong kong dollar=hkd;
    sek|swedish krona=sek; nok|norwegian krone=nok; dkk|danish krone=dkk;
    pln|polish zloty|zloty=pln;
    mxn|mexican peso=mxn; brl|brazilian real=brl; krw|korean won|south korean won=krw;
    gcp|google cloud|google cloud platform=gcp; aws|amazon web services=aws;
    azure|microsoft azure=azure; gke|google kubernetes engine=gke;
    eks|elastic kubernetes service|amazon eks=eks; aks|azure kubernetes service=aks;
    ec2|elastic compute cloud|amazon ec2=ec2; s3|simple storage service|amazon s3=s3;
    mssql|ms sql|sql server|microsoft sql server|ms sql server=mssql;
    dynamodb|dynamo db|amazon dynamodb=dynamodb; bigquery|big query|google bigquery=bigquery;
    gha|github actions|github action=githubactions;
    gitlab ci|gitlab ci cd|gitlab pipelines=gitlabci;
    circleci|circle ci=circleci; travis ci|travisci=travisci; pagerduty|pager duty=pagerduty;
    opsgenie|ops genie=opsgenie; microsoft msteams|ms msteams=msteams;
    google meet|gmeet|hangouts meet=googlemeet; intellij idea|intellij=intellij;
    zsh|z shell|zshell=zsh; bash|bourne again shell|bourne again sh|gnu bash=bash;
    fish shell|friendly interactive shell=fish;
    mswindows 11|win11|win 11=windows11; mswindows 10|win10|win 10=windows10;
    c sharp|csharp=csharp; f sharp=fsharp; lo fi|lofi=lofi; hi fi|hifi=hifi;
    philly=philadelphia; nola=new orleans; vegas=las vegas;
    subway|metro|underground|tube=metro; bicycle|bike=bike;
    kindle|e reader|ereader|e book|ebook=ebook;
    physical book|paper book|printed book|paperback|hardcover|hardback|hard copy|print=print;
    standard chinese|mandarin chinese|putonghua=mandarin; kashrut|keep kosher|kosher=kosher;
    paid time off|annual leave|vacation=pto; dual=2;
    fortnightly|every fortnight|every other week=every 14d;
    single sign on|sso=sso; two factor|2fa|two factor authentication|mfa|multi factor=2fa;
"""

# Currency signs written before or after an amount ("$40", "40 €"): read as the currency's code.
SIGNS = {"$": " usd ", "\u20ac": " eur ", "\u00a3": " gbp ", "\u00a5": " jpy ", "\u20b9": " inr "}
SIGN = re.compile("[" + re.escape("".join(SIGNS)) + "]")
