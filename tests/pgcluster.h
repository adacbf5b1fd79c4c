#pragma once

// A throwaway PostgreSQL 15 cluster for the tests of the study server: one per test program.
// initdb refuses to run as root (CI does), so then the cluster belongs to the user "nobody".

#include "server/pg.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sense7::test {

class PgCluster
{
public:
    /** The directory of PostgreSQL 15's server programs (Debian's postgresql-15). */
    static QString binDir() { return QStringLiteral("/usr/lib/postgresql/15/bin"); }

    /** initdb and start a cluster; \a maxConnections for tests that open many at once. */
    explicit PgCluster(int maxConnections = 100)
        : m_dir(baseDir() + QStringLiteral("/s7pg-XXXXXX"))
    {
        if (!m_dir.isValid())
            qFatal("PgCluster: cannot create a temporary folder");
        const QByteArray random = QByteArray::number(QRandomGenerator::system()->generate64(), 16);
        m_password = QString::fromLatin1(random);
        if (geteuid() == 0) {
            const passwd *nobody = getpwnam("nobody");
            if (!nobody)
                qFatal("PgCluster: running as root and there is no user \"nobody\" to run initdb");
            m_uid = nobody->pw_uid;
            m_gid = nobody->pw_gid;
            own(m_dir.path());
        }
        QDir(m_dir.path()).mkdir(QStringLiteral("socket"));
        own(socketDir());
        const QString passwordFile = m_dir.filePath(QStringLiteral("superuser-password"));
        writeFile(passwordFile, m_password.toLatin1() + '\n');
        run(binDir() + QStringLiteral("/initdb"),
            {QStringLiteral("-D"), dataDir(), QStringLiteral("-U"), superuser(),
             QStringLiteral("--auth=scram-sha-256"), QStringLiteral("--pwfile=") + passwordFile,
             QStringLiteral("--encoding=UTF8"), QStringLiteral("--no-locale"),
             QStringLiteral("--no-sync")});
        QFile::remove(passwordFile);
        makeCertificate();
        m_port = freePort();
        QByteArray conf = "\n# PgCluster (tests)\n"
                          "listen_addresses = '127.0.0.1'\n"
                          "unix_socket_directories = '"
            + socketDir().toUtf8()
            + "'\n"
              "max_connections = "
            + QByteArray::number(maxConnections)
            + "\n"
              "shared_buffers = 32MB\n"
              "fsync = off\n"
              "full_page_writes = off\n"
              "ssl = on\n"
              "ssl_cert_file = 'server.crt'\n"
              "ssl_key_file = 'server.key'\n"
              "password_encryption = 'scram-sha-256'\n";
        appendFile(dataDir() + QStringLiteral("/postgresql.conf"), conf);
        start();
    }

    ~PgCluster()
    {
        if (m_running)
            stop();
    }

    PgCluster(const PgCluster &) = delete;
    PgCluster &operator=(const PgCluster &) = delete;

    /** Starts the (stopped) cluster and waits until it accepts connections. */
    void start()
    {
        for (int attempt = 0;; ++attempt) {
            QString output;
            const bool ok = tryRun(binDir() + QStringLiteral("/pg_ctl"),
                                   {QStringLiteral("-D"), dataDir(), QStringLiteral("-l"),
                                    logFile(), QStringLiteral("-w"), QStringLiteral("-t"),
                                    QStringLiteral("60"), QStringLiteral("-o"),
                                    QStringLiteral("-p %1").arg(m_port), QStringLiteral("start")},
                                   output);
            if (ok) {
                m_running = true;
                return;
            }
            // The port may have been taken meanwhile by another program: try another one.
            if (attempt == 2)
                qFatal("PgCluster: pg_ctl start failed: %s\n%s", qPrintable(output),
                       qPrintable(log()));
            m_port = freePort();
        }
    }

    /** Stops the cluster; \a mode is pg_ctl's: "fast" (clean) or "immediate" (as a crash). */
    void stop(const QString &mode = QStringLiteral("fast"))
    {
        run(binDir() + QStringLiteral("/pg_ctl"),
            {QStringLiteral("-D"), dataDir(), QStringLiteral("-m"), mode, QStringLiteral("-w"),
             QStringLiteral("stop")});
        m_running = false;
    }

    void restart()
    {
        stop();
        start();
    }

    bool isRunning() const { return m_running; }
    int port() const { return m_port; }
    QString host() const { return QStringLiteral("127.0.0.1"); }
    QString superuser() const { return QStringLiteral("postgres"); }
    QString password() const { return m_password; }
    QString dataDir() const { return m_dir.filePath(QStringLiteral("data")); }
    QString socketDir() const { return m_dir.filePath(QStringLiteral("socket")); }
    QString logFile() const { return m_dir.filePath(QStringLiteral("server.log")); }

    /** The server's log so far. */
    QString log() const
    {
        QFile file(logFile());
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }

    /** The superuser's URL for \a database (TCP on 127.0.0.1, password included). */
    QString url(const QString &database = QStringLiteral("postgres")) const
    {
        return QStringLiteral("postgresql://%1:%2@%3:%4/%5")
            .arg(superuser(), m_password, host())
            .arg(m_port)
            .arg(database);
    }

    /** The same as a "key=value" conninfo string. */
    QString conninfo(const QString &database = QStringLiteral("postgres")) const
    {
        return QStringLiteral("host=%1 port=%2 user=%3 password=%4 dbname=%5")
            .arg(host())
            .arg(m_port)
            .arg(superuser(), m_password, database);
    }

    /** A URL of this server as \a user with \a password (the participant's credentials). */
    QString urlAs(const QString &user, const QString &password,
                  const QString &database = QStringLiteral("postgres")) const
    {
        QUrl u;
        u.setScheme(QStringLiteral("postgresql"));
        u.setUserName(user);
        u.setPassword(password);
        u.setHost(host());
        u.setPort(m_port);
        u.setPath(QLatin1Char('/') + database);
        return u.toString(QUrl::FullyEncoded);
    }

    /** A new, empty database \a name (dropped first if it exists); returns its superuser URL. */
    QString createDatabase(const QString &name)
    {
        sense7::pg::Connection db(url());
        db.execScript("DROP DATABASE IF EXISTS " + db.quoteIdentifier(name) + " WITH (FORCE)");
        db.execScript("CREATE DATABASE " + db.quoteIdentifier(name));
        return url(name);
    }

private:
    /**
     * Where the cluster's folder goes: as root, /tmp, which the user nobody can reach (a
     * TMPDIR under /root would not be); else the usual temporary folder.
     */
    static QString baseDir() { return geteuid() == 0 ? QStringLiteral("/tmp") : QDir::tempPath(); }

    /** Hands \a path to the unprivileged user when running as root. */
    void own(const QString &path) const
    {
        if (m_uid != uid_t(-1) && chown(QFile::encodeName(path).constData(), m_uid, m_gid) != 0)
            qFatal("PgCluster: cannot hand %s to the user nobody", qPrintable(path));
    }

    void writeFile(const QString &path, const QByteArray &bytes) const
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            qFatal("PgCluster: cannot write %s", qPrintable(path));
        file.close();
        own(path);
    }

    static void appendFile(const QString &path, const QByteArray &bytes)
    {
        QFile file(path);
        if (!file.open(QIODevice::Append) || file.write(bytes) != bytes.size())
            qFatal("PgCluster: cannot write %s", qPrintable(path));
    }

    /** A self-signed certificate, so that the server offers TLS as a real one would. */
    void makeCertificate() const
    {
        const QString key = dataDir() + QStringLiteral("/server.key");
        const QString certificate = dataDir() + QStringLiteral("/server.crt");
        QProcess openssl;
        openssl.setProcessChannelMode(QProcess::MergedChannels);
        openssl.start(QStringLiteral("openssl"),
                      {QStringLiteral("req"), QStringLiteral("-new"), QStringLiteral("-x509"),
                       QStringLiteral("-days"), QStringLiteral("30"), QStringLiteral("-nodes"),
                       QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                       QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-subj"),
                       QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-keyout"), key,
                       QStringLiteral("-out"), certificate});
        if (!openssl.waitForFinished(60000) || openssl.exitStatus() != QProcess::NormalExit
            || openssl.exitCode() != 0)
            qFatal("PgCluster: openssl could not make a certificate: %s",
                   openssl.readAll().constData());
        // The server refuses a key others may read.
        chmod(QFile::encodeName(key).constData(), S_IRUSR | S_IWUSR);
        own(key);
        own(certificate);
    }

    static int freePort()
    {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0))
            qFatal("PgCluster: no free port on 127.0.0.1");
        return probe.serverPort();
    }

    bool tryRun(const QString &program, const QStringList &arguments, QString &output) const
    {
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.setWorkingDirectory(m_dir.path());
        if (m_uid != uid_t(-1))
            process.start(QStringLiteral("runuser"),
                          QStringList {QStringLiteral("-u"), QStringLiteral("nobody"),
                                       QStringLiteral("--"), program}
                              + arguments);
        else
            process.start(program, arguments);
        const bool finished = process.waitForFinished(180000);
        output = QString::fromLocal8Bit(process.readAll());
        return finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    }

    void run(const QString &program, const QStringList &arguments) const
    {
        QString output;
        if (!tryRun(program, arguments, output))
            qFatal("PgCluster: %s failed:\n%s", qPrintable(program), qPrintable(output));
    }

    QTemporaryDir m_dir;
    QString m_password;
    uid_t m_uid = uid_t(-1);
    gid_t m_gid = gid_t(-1);
    int m_port = 0;
    bool m_running = false;
};

/**
 * Makes the study in \a db (a researcher's connection) what a study server of schema version 1
 * is: the same schema without what server::upgrade adds for version 2.
 */
inline void makeSchemaVersionOne(pg::Connection &db)
{
    db.execScript("SET ROLE sense7_researcher; DROP TRIGGER keep_turn ON sense7.turn; DROP "
                  "FUNCTION sense7.keep_turn(); DROP TRIGGER keep_sitting_end ON sense7.session; "
                  "DROP FUNCTION sense7.keep_sitting_end(); DROP TRIGGER keep_condition ON "
                  "sense7.conversation; DROP FUNCTION sense7.keep_condition(); COMMENT ON SCHEMA "
                  "sense7 IS "
                  "'Sense-7 study server, schema version 1'; RESET ROLE");
}

} // namespace sense7::test
