<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>sense7::AggregateView</name>
    <message numerus="yes">
        <source>%Ln conversation(s)</source>
        <translation>
            <numerusform>%Ln conversation</numerusform>
            <numerusform>%Ln conversations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::AgreementTableModel</name>
    <message numerus="yes">
        <source>%n reply(s) where exactly one side said “not applicable”: %1% of the %2 replies both sides answered.</source>
        <translation>
            <numerusform>%n reply where exactly one side said “not applicable”: %1% of the %2 replies both sides answered.</numerusform>
            <numerusform>%n replies where exactly one side said “not applicable”: %1% of the %2 replies both sides answered.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::AnalysisDialog</name>
    <message numerus="yes">
        <source>%1 re-rated pairs; %n observer(s).</source>
        <translation>
            <numerusform>%1 re-rated pairs; %n observer.</numerusform>
            <numerusform>%1 re-rated pairs; %n observers.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::BrowserWindow</name>
    <message numerus="yes">
        <source>%1 of %Ln conversation(s) loaded</source>
        <translation>
            <numerusform>%1 of %Ln conversation loaded</numerusform>
            <numerusform>%1 of %Ln conversations loaded</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::ChatPane</name>
    <message numerus="yes">
        <source>%1 Trying again in %n seconds…</source>
        <translation>
            <numerusform>%1 Trying again in %n second…</numerusform>
            <numerusform>%1 Trying again in %n seconds…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::FindBar</name>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::MixedModelView</name>
    <message numerus="yes">
        <source>%n singular fit(s): a variance estimated as zero means the ratings show no sign of that level of variation.</source>
        <translation>
            <numerusform>%n singular fit: a variance estimated as zero means the ratings show no sign of that level of variation.</numerusform>
            <numerusform>%n singular fits: a variance estimated as zero means the ratings show no sign of that level of variation.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::NewStudyDialog</name>
    <message numerus="yes">
        <source>%n reply scale(s)</source>
        <translation>
            <numerusform>%n reply scale</numerusform>
            <numerusform>%n reply scales</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation scale(s)</source>
        <translation>
            <numerusform>%n conversation scale</numerusform>
            <numerusform>%n conversation scales</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::PredictDialog</name>
    <message numerus="yes">
        <source>All %n listed conversation(s)</source>
        <translation>
            <numerusform>The %n listed conversation</numerusform>
            <numerusform>All %n listed conversations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::RetestController</name>
    <message numerus="yes">
        <source>You have rated %n conversation(s) completely. Would you rate a few replies again? Your earlier ratings stay hidden and are not changed.</source>
        <translation>
            <numerusform>You have rated %n conversation completely. Would you rate a few replies again? Your earlier ratings stay hidden and are not changed.</numerusform>
            <numerusform>You have rated %n conversations completely. Would you rate a few replies again? Your earlier ratings stay hidden and are not changed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Thank you: %n reply(s) rated again.</source>
        <translation>
            <numerusform>Thank you: %n reply rated again.</numerusform>
            <numerusform>Thank you: %n replies rated again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The study protocol &quot;%1&quot; asks for a round of %2 % of the replies already rated after every %n fully rated conversation(s).</source>
        <translation>
            <numerusform>The study protocol &quot;%1&quot; asks for a round of %2 % of the replies already rated after every %n fully rated conversation.</numerusform>
            <numerusform>The study protocol &quot;%1&quot; asks for a round of %2 % of the replies already rated after every %n fully rated conversations.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::ShareDialog</name>
    <message numerus="yes">
        <source>%n conversation(s) will be shared</source>
        <translation>
            <numerusform>%n conversation will be shared</numerusform>
            <numerusform>%n conversations will be shared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>with %n rating(s)</source>
        <translation>
            <numerusform>with %n rating</numerusform>
            <numerusform>with %n ratings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n redaction(s), highlighted in the preview</source>
        <translation>
            <numerusform>%n redaction, highlighted in the preview</numerusform>
            <numerusform>%n redactions, highlighted in the preview</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n conversation(s) to %1. Send this file to the research team.</source>
        <translation>
            <numerusform>Saved %n conversation to %1. Send this file to the research team.</numerusform>
            <numerusform>Saved %n conversations to %1. Send this file to the research team.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::Store</name>
    <message numerus="yes">
        <source>&quot;%1&quot; names %n conversations (ids %2): it is the id, source id or hash (or a prefix of one) of each. Name the conversation by its whole content hash, as the tidy export does.</source>
        <translation>
            <numerusform>&quot;%1&quot; names %n conversation (id %2). Name the conversation by its whole content hash, as the tidy export does.</numerusform>
            <numerusform>&quot;%1&quot; names %n conversations (ids %2): it is the id, source id or hash (or a prefix of one) of each. Name the conversation by its whole content hash, as the tidy export does.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::StudyProgressModel</name>
    <message numerus="yes">
        <source>Synced from %n machine(s)</source>
        <translation>
            <numerusform>Synced from %n machine</numerusform>
            <numerusform>Synced from %n machines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::StudyProgressWindow</name>
    <message numerus="yes">
        <source>%n participant(s), %1 conversations. Read from the server at %2; read again every few seconds.</source>
        <translation>
            <numerusform>%n participant, %1 conversations. Read from the server at %2; read again every few seconds.</numerusform>
            <numerusform>%n participants, %1 conversations. Read from the server at %2; read again every few seconds.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::StudySync</name>
    <message numerus="yes">
        <source>%n change(s) waiting to sync</source>
        <translation>
            <numerusform>%n change waiting to sync</numerusform>
            <numerusform>%n changes waiting to sync</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Offline — %n change(s) waiting</source>
        <translation>
            <numerusform>Offline — %n change waiting</numerusform>
            <numerusform>Offline — %n changes waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sync failed — %n change(s) waiting</source>
        <translation>
            <numerusform>Sync failed — %n change waiting</numerusform>
            <numerusform>Sync failed — %n changes waiting</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::TranscriptView</name>
    <message numerus="yes">
        <source>Show more (%n more characters)</source>
        <translation>
            <numerusform>Show more (%n more character)</numerusform>
            <numerusform>Show more (%n more characters)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::charts</name>
    <message numerus="yes">
        <source>(%n rating(s))</source>
        <translation>
            <numerusform>(%n rating)</numerusform>
            <numerusform>(%n ratings)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::classify::Classifier</name>
    <message numerus="yes">
        <source>%1 (after %n attempt(s))</source>
        <translation>
            <numerusform>%1 (after %n attempt)</numerusform>
            <numerusform>%1 (after %n attempts)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::cli</name>
    <message numerus="yes">
        <source>Wrote %n file(s) to %1</source>
        <translation>
            <numerusform>Wrote %n file to %1</numerusform>
            <numerusform>Wrote %n files to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chart(s) drawn</source>
        <translation>
            <numerusform>%n chart drawn</numerusform>
            <numerusform>%n charts drawn</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skipped.</source>
        <translation>
            <numerusform>%n skipped.</numerusform>
            <numerusform>%n skipped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Instrument %1 (%2, version %3): %n dimension(s)</source>
        <translation>
            <numerusform>Instrument %1 (%2, version %3): %n dimension</numerusform>
            <numerusform>Instrument %1 (%2, version %3): %n dimensions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Self against observers, pooled (%n observer(s); n = pairs, a turn once per observer)</source>
        <translation>
            <numerusform>Self against observers, pooled (%n observer; n = pairs, a turn once per observer)</numerusform>
            <numerusform>Self against observers, pooled (%n observers; n = pairs, a turn once per observer)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: asking again in %n second(s).</source>
        <translation>
            <numerusform>%1: asking again in %n second.</numerusform>
            <numerusform>%1: asking again in %n seconds.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::continuity</name>
    <message numerus="yes">
        <source>The reply was regenerated (%n other version(s)).</source>
        <translation>
            <numerusform>The reply was regenerated (%n other version).</numerusform>
            <numerusform>The reply was regenerated (%n other versions).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::integrity::Recovery</name>
    <message numerus="yes">
        <source>%1: %n rows recovered</source>
        <translation>
            <numerusform>%1: %n row recovered</numerusform>
            <numerusform>%1: %n rows recovered</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n rows left out because a row they belong to was lost</source>
        <translation>
            <numerusform>; %n row left out because a row it belongs to was lost</numerusform>
            <numerusform>; %n rows left out because a row they belong to was lost</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; in all, the table counts %n rows more than could be read (they are lost)</source>
        <translation>
            <numerusform>; in all, the table counts %n row more than could be read (it is lost)</numerusform>
            <numerusform>; in all, the table counts %n rows more than could be read (they are lost)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::integrity::Report</name>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::live::EndpointStream</name>
    <message numerus="yes">
        <source>%1; gave up after %n attempt(s).</source>
        <translation>
            <numerusform>%1; gave up after %n attempt.</numerusform>
            <numerusform>%1; gave up after %n attempts.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::server::Puller</name>
    <message numerus="yes">
        <source> from %n participant(s)</source>
        <translation>
            <numerusform> from %n participant</numerusform>
            <numerusform> from %n participants</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %1 conversations of %n participant(s)…</source>
        <translation>
            <numerusform>Reading %1 conversations of %n participant…</numerusform>
            <numerusform>Reading %1 conversations of %n participants…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::stats</name>
    <message numerus="yes">
        <source>There are too few observations (%n) for the fixed effects.</source>
        <translation>
            <numerusform>There are too few observations (%n) for the fixed effects.</numerusform>
            <numerusform>There are too few observations (%n) for the fixed effects.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::sync</name>
    <message numerus="yes">
        <source>%n conversation(s) with %1 turns and %2 ratings will be sent to the study server, and every change you make from now on.</source>
        <translation>
            <numerusform>%n conversation with %1 turns and %2 ratings will be sent to the study server, and every change you make from now on.</numerusform>
            <numerusform>%n conversations with %1 turns and %2 ratings will be sent to the study server, and every change you make from now on.</numerusform>
        </translation>
    </message>
</context>
</TS>
