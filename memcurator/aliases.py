"""Other names of one thing, from general knowledge, as data for ``memcurator.wording``: a
currency's code, name and sign, a cloud's or a product's initials and its full name, a shell's
long name. "variant|variant=canonical;" in the phrase table's form (each word stemmed when
read, longest first); a word written in capitals that is also a stop word ("US") is matched as
written. Only names that mean one thing wherever they appear: "TF" (Terraform or TensorFlow),
"PD", "ES" or a bare "pound" (money or weight) are left out, and so is "cycle" ("release cycle").

``TOOL_ALIASES`` does the same for ``memcurator.symptoms``: the other names of a command-line
tool ("PostgreSQL", "postgres" -> psql; "k8s" -> kubectl), so one tool's failures share a key.
"""

from __future__ import annotations

import re

__all__ = ["ALIAS_SPEC", "SIGN", "SIGNS", "TOOL_ALIASES"]

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

# Other names of one command-line tool or the service it is the client of, for observation keys
# (symptoms.tool_reading): "canonical: variant, variant, ...". A variant is matched against the
# whole tool name once case, punctuation, articles, versions and generic words ("CLI",
# "client", "command"...) are gone, never against a part of it: "postgres" is psql, "postgres
# replica" stays a host of its own. Each canonical name is its own variant.
_TOOL_SPEC = """
    psql: postgres, postgresql, pg, postgre sql, postgres db, postgresql db, pgsql, libpq;
    mysql: mysqlsh;
    mongosh: mongo, mongodb, mongo shell, mongodb shell;
    redis: redis server;
    sqlite: ;
    kubectl: k8s, kubernetes, kube, kube ctl;
    helm: helm chart;
    docker: docker engine, docker daemon, dockerd, docker desktop;
    docker_compose: docker compose;
    terraform: ;
    ansible: ansible playbook;
    aws: awscli, amazon web services;
    gcloud: google cloud, google cloud sdk, gcp, gcloud sdk;
    az: azure cli;
    gh: github cli;
    git: ;
    ssh: openssh, sshd;
    npm: node package manager, npx;
    yarn: yarnpkg;
    pnpm: ;
    pip: python pip;
    poetry: python poetry;
    node: nodejs, node js;
    python: cpython, py;
    pytest: py test;
    jest: ;
    curl: libcurl;
    maven: mvn;
    gradle: gradlew;
    cargo: rust cargo;
    go: golang, go toolchain;
    make: gnu make, makefile;
    brew: homebrew;
    apt: apt get;
    vault: hashicorp vault;
    bq: bigquery, big query, google bigquery;
    gsutil: google cloud storage;
    s3: amazon s3, aws s3;
"""
TOOL_ALIASES: dict[str, str] = {
    variant.strip(): canonical.strip()
    for canonical, variants in re.findall(r"([\w ]+):([^;]*);", _TOOL_SPEC)
    for variant in [canonical.strip().replace("_", " "), *variants.split(",")]
    if variant.strip()
}
